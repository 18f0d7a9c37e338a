/** A newsletter form post (no JavaScript) as the subscribe input: repeated `interests` become a list. */
export function subscribeInputFromForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    email: text("email") ?? "",
    name: text("name"),
    interests: form.getAll("interests").filter((value): value is string => typeof value === "string"),
    source: text("source"),
  };
}
