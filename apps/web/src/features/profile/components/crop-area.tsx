import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode, type WheelEvent } from 'react';
import { cropRect, panCrop, zoomCrop, type CropState, type Point, type Size } from '../image-crop.ts';

export interface CropSource {
  /** An object URL of the picture. */
  src: string;
  size: Size;
}

/** The crop of `source` drawn into its box (which has the crop's aspect, is `relative` and clips). */
export function CroppedImage({ source, aspect, crop }: { source: CropSource; aspect: number; crop: CropState }) {
  const rect = cropRect(source.size, aspect, crop);
  return (
    <img
      src={source.src}
      alt=""
      draggable={false}
      className="pointer-events-none absolute top-0 left-0 max-w-none"
      style={{
        width: `${(source.size.width / rect.width) * 100}%`,
        height: `${(source.size.height / rect.height) * 100}%`,
        transform: `translate(${(-rect.x / source.size.width) * 100}%, ${(-rect.y / source.size.height) * 100}%)`,
      }}
    />
  );
}

const KEY_STEP_PX = 10;
const KEY_ZOOM_STEP = 1.1;
const keyMoves: Record<string, Point> = {
  ArrowLeft: { x: -KEY_STEP_PX, y: 0 },
  ArrowRight: { x: KEY_STEP_PX, y: 0 },
  ArrowUp: { x: 0, y: -KEY_STEP_PX },
  ArrowDown: { x: 0, y: KEY_STEP_PX },
};

export interface CropAreaProps {
  /** Null while the picture decodes or when it cannot be read: the frame shows `children` alone. */
  source: CropSource | null;
  aspect: number;
  /** Darkens the corners outside a circle, as an avatar is shown. */
  round: boolean;
  crop: CropState;
  onCropChange: (update: (crop: CropState) => CropState) => void;
  disabled?: boolean;
  label: string;
  children?: ReactNode;
}

/**
 * The crop frame: drag with a finger or the mouse to move the picture, pinch or scroll to zoom about the
 * fingers or the pointer, and the arrow keys (move) and + / - (zoom) for the keyboard. Pointer events
 * serve mouse, pen and touch alike; `touch-none` keeps the browser from scrolling or zooming the page.
 */
export function CropArea({ source, aspect, round, crop, onCropChange, disabled = false, label, children }: CropAreaProps) {
  const pointers = useRef(new Map<number, Point>());
  const active = source !== null && !disabled;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!source || disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const last = pointers.current.get(event.pointerId);
    if (!source || disabled || !last) return;
    const now = { x: event.clientX, y: event.clientY };
    const box = event.currentTarget.getBoundingClientRect();
    const other = [...pointers.current].find(([id]) => id !== event.pointerId)?.[1];
    pointers.current.set(event.pointerId, now);
    if (!other) {
      onCropChange((current) => panCrop(source.size, aspect, current, { x: now.x - last.x, y: now.y - last.y }, box.width));
      return;
    }
    const before = Math.hypot(last.x - other.x, last.y - other.y);
    const after = Math.hypot(now.x - other.x, now.y - other.y);
    if (before === 0 || box.width === 0 || box.height === 0) return;
    const focus = { x: ((now.x + other.x) / 2 - box.left) / box.width, y: ((now.y + other.y) / 2 - box.top) / box.height };
    onCropChange((current) => zoomCrop(source.size, aspect, current, (current.zoom * after) / before, focus));
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
  }

  function onWheel(event: WheelEvent<HTMLDivElement>) {
    if (!source || disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const focus = { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
    const factor = Math.exp(-event.deltaY / 500);
    onCropChange((current) => zoomCrop(source.size, aspect, current, current.zoom * factor, focus));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!source || disabled) return;
    const move = keyMoves[event.key];
    const width = event.currentTarget.getBoundingClientRect().width;
    if (move) onCropChange((current) => panCrop(source.size, aspect, current, move, width));
    else if (event.key === '+' || event.key === '=') onCropChange((current) => zoomCrop(source.size, aspect, current, current.zoom * KEY_ZOOM_STEP));
    else if (event.key === '-') onCropChange((current) => zoomCrop(source.size, aspect, current, current.zoom / KEY_ZOOM_STEP));
    else return;
    event.preventDefault();
  }

  return (
    <div
      role="group"
      aria-label={label}
      aria-disabled={active ? undefined : true}
      tabIndex={active ? 0 : -1}
      data-autofocus
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onLostPointerCapture={onPointerEnd}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
      style={{ aspectRatio: String(aspect) }}
      className={`relative w-full touch-none overflow-hidden rounded-2xl bg-surface-3 select-none ${active ? 'cursor-grab active:cursor-grabbing' : ''}`}
    >
      {source && <CroppedImage source={source} aspect={aspect} crop={crop} />}
      {source && (
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute inset-0 ${
            round ? 'rounded-full shadow-[0_0_0_100vmax_rgb(11_11_16/0.62)] ring-2 ring-white/80' : 'rounded-2xl ring-2 ring-white/60 ring-inset'
          }`}
        />
      )}
      {children}
    </div>
  );
}
