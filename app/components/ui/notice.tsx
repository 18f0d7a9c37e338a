/**
 * The result of an admin action, shown where the admin is looking: a title (the spec's toast titles:
 * 'Éxito', 'Error', 'Actualizado'...) and a message. Errors are announced assertively.
 */
export interface NoticeData {
  tone: "success" | "error";
  title: string;
  message?: string;
}

export function Notice({ notice }: { notice: NoticeData | null | undefined }) {
  if (!notice) return null;
  const error = notice.tone === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${
        error ? "border-terracotta/40 bg-terracotta/10 text-terracotta-dark" : "border-moss/30 bg-moss/10 text-moss"
      }`}
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.message ? <p className="mt-0.5 text-ink">{notice.message}</p> : null}
    </div>
  );
}
