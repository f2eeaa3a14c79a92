import { useEffect, useId, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import { t } from '../../../lib/i18n.ts';

export interface SignaturePadHandle {
  /** The drawing as a PNG on white, or null when nothing is drawn. */
  toBlob: () => Promise<Blob | null>;
}

export interface SignaturePadProps {
  ref?: Ref<SignaturePadHandle>;
  /** Called with whether there is any ink, after each stroke and on clear. */
  onInkChange: (hasInk: boolean) => void;
  error?: string | null;
}

type Point = { x: number; y: number };

const HEIGHT = 200;
const INK = '#14141c';

/** Draws the strokes on white; the canvas may be missing a 2D context (a test's DOM). */
function paint(canvas: HTMLCanvasElement, strokes: readonly Point[][]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const scale = canvas.width / (canvas.clientWidth || canvas.width);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2.6;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    ctx.beginPath();
    stroke.forEach((point, index) => (index === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y)));
    if (stroke.length === 1) ctx.lineTo(stroke[0]!.x + 0.1, stroke[0]!.y);
    ctx.stroke();
  }
}

/**
 * A pen surface on a canvas, drawn with pointer events (finger, stylus or mouse). Strokes are kept
 * as points, so the drawing survives a resize of the canvas (rotating the phone).
 */
export function SignaturePad({ ref, onInkChange, error }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);

  // The canvas matches its box in device pixels, so the ink stays sharp.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(canvas.clientWidth * ratio);
      canvas.height = Math.round(HEIGHT * ratio);
      paint(canvas, strokes.current);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useImperativeHandle(ref, () => ({
    toBlob: () =>
      new Promise<Blob | null>((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas || strokes.current.length === 0) resolve(null);
        else canvas.toBlob(resolve, 'image/png');
      }),
  }));

  function clear() {
    strokes.current = [];
    if (canvasRef.current) paint(canvasRef.current, strokes.current);
    onInkChange(false);
  }

  function pointAt(event: PointerEvent<HTMLCanvasElement>): Point {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    strokes.current.push([pointAt(event)]);
    paint(event.currentTarget, strokes.current);
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current) return;
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const stroke = strokes.current.at(-1)!;
    if (events.length > 0) {
      const box = event.currentTarget.getBoundingClientRect();
      for (const coalesced of events) stroke.push({ x: coalesced.clientX - box.left, y: coalesced.clientY - box.top });
    } else {
      stroke.push(pointAt(event));
    }
    paint(event.currentTarget, strokes.current);
  }

  function onPointerEnd() {
    if (!drawing.current) return;
    drawing.current = false;
    onInkChange(strokes.current.length > 0);
  }

  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-3">
        <p id={`${id}-label`} className="text-sm font-semibold">
          {t('Signature')}
        </p>
        <button type="button" className="btn min-h-11 px-3 text-sm text-accent-soft hover:bg-surface-2" onClick={clear}>
          {t('Clear')}
        </button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        style={{ height: HEIGHT }}
        className={`block w-full cursor-crosshair touch-none rounded-2xl border-2 bg-white ${error ? 'border-danger' : 'border-transparent'}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
      />
      <p id={`${id}-hint`} role={error ? 'alert' : undefined} className={`mt-2 text-sm ${error ? 'text-danger' : 'text-muted'}`}>
        {error ? t(error) : t('Sign with your finger or mouse inside the white box.')}
      </p>
    </div>
  );
}
