import { WARNING_BOX } from "../warning-panel";

/**
 * The shared Notice's error tone, with the title in ink: terracotta text on its tinted background is
 * 4.37:1, under axe's 4.5:1 for normal text.
 */
export function RefusedNotice({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className={WARNING_BOX}>
      <p className="font-semibold text-ink">{title}</p>
      {message ? <p className="mt-0.5 text-ink">{message}</p> : null}
    </div>
  );
}
