import { useEffect, useState } from "react";

export type VideoSource = { kind: "file"; src: string } | { kind: "embed"; id: string };

/**
 * A decorative background video (spec §2): a local file or an embedded video by id. It sits on a dark
 * background, which is all that shows on the server render, without JavaScript, with reduced motion, or
 * when the video fails.
 */
export function BackgroundVideo({ source }: { source: VideoSource | null }) {
  const [play, setPlay] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    setPlay(!reduced.matches);
    const onChange = () => setPlay(!reduced.matches);
    reduced.addEventListener("change", onChange);
    return () => reduced.removeEventListener("change", onChange);
  }, []);
  const showVideo = source !== null && play && !failed;
  return (
    <div aria-hidden="true" data-testid="background-video" className="absolute inset-0 overflow-hidden bg-moss-dark">
      {showVideo && source.kind === "file" ? (
        <video
          className="size-full object-cover opacity-40"
          src={source.src}
          autoPlay
          muted
          loop
          playsInline
          onError={() => setFailed(true)}
        />
      ) : null}
      {showVideo && source.kind === "embed" ? (
        <iframe
          className="pointer-events-none absolute left-1/2 top-1/2 aspect-video min-h-full min-w-full -translate-x-1/2 -translate-y-1/2 opacity-40"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(source.id)}?autoplay=1&mute=1&loop=1&controls=0&playlist=${encodeURIComponent(source.id)}`}
          title="Video de fondo"
          tabIndex={-1}
          allow="autoplay; encrypted-media"
          onError={() => setFailed(true)}
        />
      ) : null}
    </div>
  );
}
