/**
 * The admin screens' JSON calls to our own API. `status` 0 means the request never got an answer (the
 * spec's 'Error de conexión'); otherwise `error` is the API's Spanish `{error}` when it failed.
 */
export type JsonResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error?: string };

export async function sendJson<T = unknown>(url: string, method: string, body?: unknown): Promise<JsonResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  return response.ok
    ? { ok: true, status: response.status, body: answer }
    : { ok: false, status: response.status, error: answer.error };
}
