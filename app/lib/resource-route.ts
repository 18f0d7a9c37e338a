import type { AppLoadContext } from "react-router";

/**
 * What a resource route's `loader` or `action` receives (app/resource-routes.ts): the arguments React
 * Router gives a route's data functions, as server/resource-routes.ts builds them. Resource routes are not
 * in React Router's route table, so typegen makes no `+types` for them; a module names the parameters its path
 * always has.
 */
export interface ResourceArgs<Param extends string = never> {
  request: Request;
  /** `ResourceArgs<"number">` for a path that names `:number` (a parameter of its path is always present). */
  params: Readonly<Record<Param, string>> & Readonly<Record<string, string | undefined>>;
  context: AppLoadContext;
}

/** A resource route's module: data functions and no component. */
export interface ResourceModule {
  loader?(args: ResourceArgs): unknown;
  action?(args: ResourceArgs): unknown;
}
