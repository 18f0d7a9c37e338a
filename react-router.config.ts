import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router 8's behaviour, adopted early where it fits; the two set to false are decisions, not
  // oversights (docs/decisions/0016-react-router-future-flags.md).
  future: {
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_middleware: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
