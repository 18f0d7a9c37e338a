import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

export interface DeliveredMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The letters a shop without SMTP_URL delivered (the .eml files its worker writes into DATA_DIR/mail), as
 * their readers get them. A code or link must be read here: the outbox forgets them once sent, and the
 * admin's views never show them.
 */
export async function deliveredMails(dataDir: string): Promise<DeliveredMail[]> {
  const folder = path.join(dataDir, "mail");
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
  const mails: DeliveredMail[] = [];
  for (const name of names) {
    const parsed = await simpleParser(await readFile(path.join(folder, name)));
    const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(",") : (parsed.to?.text ?? "");
    mails.push({ to, subject: parsed.subject ?? "", text: parsed.text ?? "" });
  }
  return mails;
}
