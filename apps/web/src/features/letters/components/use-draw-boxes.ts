// Drawing boxes over an image with a pointer (mouse, finger or pen): the surface's pointer events give
// a box in the image's own pixels, whatever size the image is shown at. The keyboard alternative is
// the box's numeric fields (box-fields.tsx); both edit the same list.
import { useRef, useState, type PointerEvent } from 'react';

export interface DraftBox {
  key: number;
  x: string;
  y: string;
  width: string;
  height: string;
}

export interface Size {
  width: number;
  height: number;
}

interface Point {
  x: number;
  y: number;
}

const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);

/** A box from two corners, in whole pixels. */
function boxOf(a: Point, b: Point) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

export function useDrawBoxes(size: Size | null) {
  const [boxes, setBoxes] = useState<DraftBox[]>([]);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const nextKey = useRef(1);

  const toImage = (event: PointerEvent<HTMLElement>): Point | null => {
    if (!size) return null;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    return { x: clamp(((event.clientX - rect.left) * size.width) / rect.width, size.width), y: clamp(((event.clientY - rect.top) * size.height) / rect.height, size.height) };
  };

  const add = (box: { x: number; y: number; width: number; height: number }) => {
    const key = nextKey.current++;
    setBoxes((list) => [...list, { key, x: String(box.x), y: String(box.y), width: String(box.width), height: String(box.height) }]);
    return key;
  };

  const surface = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      const at = toImage(event);
      if (!at) return;
      event.preventDefault();
      // Capture keeps the drag when the pointer leaves the image; without it (a pointer the browser
      // no longer knows), drawing still works inside it.
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        /* drawing goes on without capture */
      }
      setDrag({ from: at, to: at });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const at = drag && toImage(event);
      if (at) setDrag({ from: drag.from, to: at });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const at = drag && toImage(event);
      setDrag(null);
      if (!at) return;
      const box = boxOf(drag.from, at);
      // A click or a tap without dragging draws nothing.
      if (box.width >= 2 && box.height >= 2) add(box);
    },
    onPointerCancel: () => setDrag(null),
  };

  return {
    boxes,
    dragging: drag ? boxOf(drag.from, drag.to) : null,
    surface,
    add,
    update: (key: number, field: keyof Omit<DraftBox, 'key'>, value: string) => setBoxes((list) => list.map((b) => (b.key === key ? { ...b, [field]: value } : b))),
    remove: (key: number) => setBoxes((list) => list.filter((b) => b.key !== key)),
    clear: () => setBoxes([]),
  };
}
