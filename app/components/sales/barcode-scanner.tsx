import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { X } from "~/components/ui/icons/x";
import { acceptedCode, createFrameReader, repeatFilter } from "./barcode-reading";

export { preloadBarcodeDecoder } from "./barcode-reading";

/**
 * The counter's barcode scanner (issue 35): the phone's rear camera in a modal dialog sized for one hand,
 * reading a book's EAN-13 ISBN, an EAN-8 or UPC-A, or the publisher's own Code 128 label, and reporting
 * each code once (`onCode`) with its check digit verified. It keeps scanning until closed ("Cerrar",
 * Escape), so several books go in one after another. Without a camera (denied, none, not https) it says
 * why; a code can always be typed. The camera is released on close. docs/decisions/0049-barcode-scanning.md.
 */

type CameraState = { kind: "starting" } | { kind: "scanning" } | { kind: "error"; message: string; retry: boolean };

/** How often a frame is read: the native detector is cheap; the JavaScript decoder leaves the page room. */
const NATIVE_INTERVAL_MS = 120;
const FALLBACK_INTERVAL_MS = 200;

const INSECURE = "La cámara solo se puede usar en una conexión segura (https). Escribí el código a mano.";
const UNSUPPORTED = "Este navegador no permite usar la cámara. Escribí el código a mano.";

/** What went wrong opening the camera, in the seller's words (the names getUserMedia rejects with). */
function cameraError(error: unknown): { message: string; retry: boolean } {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return {
      message:
        "No hay permiso para usar la cámara. Habilitalo en los permisos del sitio (el ícono junto a la dirección) o escribí el código.",
      retry: true,
    };
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") {
    return { message: "No encontramos ninguna cámara en este dispositivo. Escribí el código a mano.", retry: false };
  }
  if (name === "NotReadableError" || name === "AbortError") {
    return { message: "La cámara está ocupada por otra aplicación. Cerrala y probá de nuevo.", retry: true };
  }
  return { message: "No pudimos abrir la cámara. Probá de nuevo o escribí el código.", retry: true };
}

export function BarcodeScanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const titleId = useId();
  const manualId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: "starting" });
  const [attempt, setAttempt] = useState(0);
  const [lastCode, setLastCode] = useState<string | null>(null);
  const [manual, setManual] = useState("");
  const [manualError, setManualError] = useState<string | null>(null);
  // The latest callback without restarting the camera when the parent renders a new function.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const fresh = useRef(repeatFilter()).current;

  const report = (code: string) => {
    setLastCode(code);
    navigator.vibrate?.(80);
    onCodeRef.current(code);
  };

  // A modal over the sale page: focus kept inside, Escape closes; focus returns where it was.
  useEffect(() => {
    const dialog = dialogRef.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      // Unless the page already put focus somewhere on purpose (it cannot while the modal is open).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  // The camera and the reading loop; everything stops on close, unmount or retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger, read on purpose.
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setCamera({ kind: "starting" });

    async function start() {
      if (!window.isSecureContext) return setCamera({ kind: "error", message: INSECURE, retry: false });
      if (!navigator.mediaDevices?.getUserMedia) {
        return setCamera({ kind: "error", message: UNSUPPORTED, retry: false });
      }
      try {
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            audio: false,
            video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
          }),
          createFrameReader(),
        ]);
        stream = media;
        const video = videoRef.current;
        if (stopped || !video) return;
        video.srcObject = media;
        await video.play();
        if (stopped) return;
        setCamera({ kind: "scanning" });
        const interval = reader.native ? NATIVE_INTERVAL_MS : FALLBACK_INTERVAL_MS;
        const tick = async () => {
          if (stopped) return;
          const found = await reader.read(video).catch(() => []);
          for (const reading of found) {
            const code = acceptedCode(reading);
            if (code && !stopped && fresh(code)) report(code);
          }
          if (!stopped) timer = setTimeout(tick, interval);
        };
        void tick();
      } catch (error) {
        // play() interrupted by closing the scanner is no failure.
        if (!stopped) setCamera({ kind: "error", ...cameraError(error) });
      } finally {
        if (stopped) for (const track of stream?.getTracks() ?? []) track.stop();
      }
    }
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [attempt]);

  const submitManual = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!manual.trim()) return;
    // Typed, so never dropped as a repeat; an ISBN-13 with a wrong check digit is a typo to fix first.
    const code = acceptedCode({ format: "code_128", rawValue: manual });
    if (!code) return setManualError("Ese código no es válido: revisá el último dígito del ISBN.");
    setManual("");
    setManualError(null);
    report(code);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-auto max-h-dvh w-full max-w-[390px] overflow-y-auto rounded-none bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/70 sm:rounded-2xl"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <h2 id={titleId} className="font-serif text-xl">
          Escanear código
        </h2>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-full border border-ink/20 px-4 font-semibold hover:bg-cream"
        >
          <X aria-hidden="true" className="size-5" />
          Cerrar
        </button>
      </div>

      {camera.kind === "error" ? (
        <div role="alert" className="mx-4 rounded-xl bg-terracotta/10 p-4 text-terracotta-dark">
          <p>{camera.message}</p>
          {camera.retry ? (
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="mt-3 min-h-11 rounded-full bg-moss px-5 font-semibold text-white hover:bg-moss-dark"
            >
              Probar de nuevo
            </button>
          ) : null}
        </div>
      ) : (
        <div className="relative aspect-[4/3] w-full overflow-hidden bg-ink">
          <video ref={videoRef} muted playsInline className="size-full object-cover" />
          {/* The band to hold the barcode in. */}
          <div
            aria-hidden="true"
            className="absolute inset-x-6 top-1/3 bottom-1/3 rounded-lg border-2 border-ochre-light"
          />
          {camera.kind === "starting" ? (
            <p className="absolute inset-x-0 bottom-3 text-center text-sm text-white">Abriendo la cámara…</p>
          ) : null}
        </div>
      )}

      <p className="px-4 pt-3 text-sm text-ink/80">
        {camera.kind === "error"
          ? "Podés cargar el libro con su ISBN o su código de la editorial."
          : "Apuntá al código de barras del libro, dentro del recuadro."}
      </p>
      <p aria-live="polite" className="min-h-6 px-4 pt-1 font-semibold text-moss">
        {lastCode ? `Leímos ${lastCode}` : ""}
      </p>

      <form onSubmit={submitManual} className="flex items-end gap-2 px-4 pt-2 pb-4">
        <div className="flex-1">
          <label htmlFor={manualId} className="block text-sm font-semibold">
            Escribí el código
          </label>
          <input
            id={manualId}
            value={manual}
            onChange={(event) => setManual(event.target.value)}
            aria-invalid={manualError ? true : undefined}
            aria-describedby={manualError ? `${manualId}-error` : undefined}
            inputMode="text"
            autoComplete="off"
            enterKeyHint="done"
            placeholder="ISBN o código"
            className="mt-1 min-h-11 w-full rounded-lg border border-ink/30 bg-white px-3 text-base"
          />
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-full bg-moss px-5 font-semibold text-white hover:bg-moss-dark"
        >
          Agregar
        </button>
      </form>
      {manualError ? (
        <p id={`${manualId}-error`} role="alert" className="px-4 pb-4 text-sm text-terracotta-dark">
          {manualError}
        </p>
      ) : null}
    </dialog>
  );
}

export default BarcodeScanner;
