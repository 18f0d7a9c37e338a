/**
 * The shared Notice's error tone, with the title in ink: terracotta text on its tinted background is
 * 4.37:1, under axe's 4.5:1 for normal text.
 */
export function RefusedNotice({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-ink">{title}</p>
      {message ? <p className="mt-0.5 text-ink">{message}</p> : null}
    </div>
  );
}
