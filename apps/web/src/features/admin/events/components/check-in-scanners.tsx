import { CHECK_IN_MSG } from '@aesa/shared/check-in';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { decodePhoto, scanCamera } from '../lib/qr-scan.ts';

// The camera reads the same code many times a second while it is held up: one read is sent, and
// the same code again only after this pause (a second scan then says "Already checked in").
const SAME_CODE_PAUSE_MS = 4000;

/** Scanning a membership code: with the phone's camera, or from a photo of the code. */
export function CheckInScanners({ busy, onCode, onProblem }: { busy: boolean; onCode: (code: string) => Promise<void>; onProblem: (message: string) => void }) {
  const [camera, setCamera] = useState(false);
  const [reading, setReading] = useState(false);
  const photoId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const sending = useRef(false);
  // The latest handlers, for the camera's callback that lives as long as the camera.
  const handlers = useRef({ onCode, onProblem });
  handlers.current = { onCode, onProblem };

  useEffect(() => {
    if (!camera || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    scanCamera(video.current, (code) => {
      const now = Date.now();
      if (sending.current || (last.current?.code === code && now - last.current.at < SAME_CODE_PAUSE_MS)) return;
      last.current = { code, at: now };
      sending.current = true;
      void handlers.current.onCode(code).finally(() => (sending.current = false));
    }).then(
      (stopCamera) => (cancelled ? stopCamera() : (stop = stopCamera)),
      () => {
        if (cancelled) return;
        setCamera(false);
        handlers.current.onProblem(CHECK_IN_MSG.cameraUnavailable);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [camera]);

  async function onPhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same photo may be chosen again
    if (!file) return;
    setReading(true);
    try {
      const code = await decodePhoto(file);
      if (code) await onCode(code);
      else onProblem(CHECK_IN_MSG.noQrInPhoto);
    } finally {
      setReading(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant={camera ? 'outline' : 'primary'} onClick={() => setCamera((on) => !on)} aria-pressed={camera} className="h-12">
          {camera ? CHECK_IN_MSG.stopCamera : CHECK_IN_MSG.scanWithCamera}
        </Button>
        <label htmlFor={photoId} className={cn(buttonClasses({ variant: 'outline', className: 'h-12 cursor-pointer focus-within:ring-2 focus-within:ring-brand-500' }), (busy || reading) && 'opacity-60')}>
          {reading ? 'Reading the photo...' : CHECK_IN_MSG.scanFromPhoto}
          <input id={photoId} type="file" accept="image/*" className="sr-only" disabled={busy || reading} onChange={(e) => void onPhoto(e)} />
        </label>
      </div>
      {camera ? <video ref={video} muted playsInline aria-label="Camera picture" className="aspect-square w-full rounded-xl bg-slate-900 object-cover" /> : null}
    </div>
  );
}
