// Covering what a letter's image must not show (docs/product.md#sponsorship-letters, decision 0056):
// staff draw boxes over the photo or scan with the mouse or a finger, or type each box's position and
// size in pixels (the keyboard way), and "Tapar en la imagen" burns them in on the server. The image
// shown afterwards is the redacted one, the only one the other side receives.
import { useState } from 'react';
import { letterMessages as m, letterScreenText as t } from '@donaciones/shared/messages/letters';
import { redactLetterImageSchema, type ImageBox } from '@donaciones/shared/schemas/letters';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useLetterFileUrl } from '../api/sponsor-letters';
import { useRedactLetterImage } from '../api/staff-letters';
import { useDrawBoxes, type DraftBox, type Size } from './use-draw-boxes';

const FIELDS = [
  ['x', t.boxX],
  ['y', t.boxY],
  ['width', t.boxWidth],
  ['height', t.boxHeight],
] as const;

const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The boxes as the API takes them, or the first Spanish message saying what is wrong. */
function checkBoxes(drafts: DraftBox[], size: Size): { boxes: ImageBox[] } | { error: string; box?: number } {
  const parsed = redactLetterImageSchema.safeParse({ boxes: drafts.map((b) => ({ x: toNumber(b.x), y: toNumber(b.y), width: toNumber(b.width), height: toNumber(b.height) })) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const box = typeof issue?.path[1] === 'number' ? issue.path[1] : undefined;
    return { error: `${box === undefined ? '' : `${t.boxLegend(box + 1)}: `}${issue?.message ?? m.boxWhole}`, box };
  }
  const outside = parsed.data.boxes.findIndex((b) => b.x + b.width > size.width || b.y + b.height > size.height);
  if (outside >= 0) return { error: m.boxOutside(outside + 1, size.width, size.height), box: outside };
  return parsed.data;
}

const percent = (v: number, of: number) => `${(v / of) * 100}%`;

function BoxMark({ box, size, label }: { box: { x: number; y: number; width: number; height: number }; size: Size; label?: string }) {
  return (
    <span
      className="absolute border-2 border-amber-400 bg-ink-900/70 text-xs font-bold text-white"
      style={{ left: percent(box.x, size.width), top: percent(box.y, size.height), width: percent(box.width, size.width), height: percent(box.height, size.height) }}
    >
      {label}
    </span>
  );
}

/** One box's position and size in pixels: the keyboard's way to draw it. */
function BoxFields({ box, n, idPrefix, invalid, errorId, draw }: { box: DraftBox; n: number; idPrefix: string; invalid: boolean; errorId?: string; draw: ReturnType<typeof useDrawBoxes> }) {
  return (
    <fieldset className="grid grid-cols-2 gap-2 rounded-lg bg-sand-50 p-2 sm:grid-cols-5 sm:items-end">
      <legend className="text-sm font-semibold text-ink-900">{t.boxLegend(n)}</legend>
      {FIELDS.map(([field, label]) => (
        <TextInput
          key={field}
          id={`${idPrefix}-${field}`}
          label={label}
          type="number"
          inputMode="numeric"
          min={field === 'x' || field === 'y' ? 0 : 1}
          step={1}
          value={box[field]}
          aria-describedby={errorId}
          aria-invalid={invalid || undefined}
          onChange={(e) => draw.update(box.key, field, e.currentTarget.value)}
        />
      ))}
      <Button variant="ghost" size="sm" onClick={() => draw.remove(box.key)}>{t.removeBox(n)}</Button>
    </fieldset>
  );
}

export function ImageRedactor({ letterId, path, version, alt, imageBoxes }: { letterId: number; path: string; version: string | null; alt: string; imageBoxes: number }) {
  const file = useLetterFileUrl(path, version);
  const [size, setSize] = useState<Size | null>(null);
  const [error, setError] = useState<{ text: string; box?: number } | null>(null);
  const draw = useDrawBoxes(size);
  const redact = useRedactLetterImage();
  const errorId = `image-boxes-error-${letterId}`;

  if (!file.data) return null;
  if (file.data.type === 'application/pdf') {
    return (
      <div className="mt-3 space-y-1 text-sm">
        <a className="font-semibold text-brand-700 underline" href={file.data.url} target="_blank" rel="noreferrer">{t.viewScan}</a>
        <p className="text-ink-700">{m.pdfNotRedactable}</p>
      </div>
    );
  }

  const onApply = () => {
    setError(null);
    if (!size) return;
    const checked = checkBoxes(draw.boxes, size);
    if ('error' in checked) return setError({ text: checked.error, box: checked.box });
    redact.mutate(
      { id: letterId, boxes: checked.boxes, imageVersion: version },
      {
        onSuccess: () => draw.clear(),
        onError: (e) => setError({ text: Object.values(getFieldErrors(e))[0] ?? getErrorMessage(e, m.boxesRequired) }),
      },
    );
  };
  const onAdd = () => {
    if (!size) return;
    const key = draw.add({ x: 0, y: 0, width: Math.min(100, size.width), height: Math.min(100, size.height) });
    // The new box's first field takes focus, so the keyboard goes on where the box is.
    requestAnimationFrame(() => document.getElementById(`box-${letterId}-${key}-x`)?.focus());
  };

  return (
    <section className="mt-4 space-y-3 rounded-xl border border-sand-200 p-3" aria-labelledby={`image-heading-${letterId}`}>
      <h4 id={`image-heading-${letterId}`} className="font-semibold text-ink-900">{t.imageHeading}</h4>
      <p className="text-sm text-ink-700">{t.imageHelp}</p>
      {imageBoxes > 0 && <p className="text-sm font-semibold text-brand-800" data-testid="image-boxes-applied">{t.boxesApplied(imageBoxes)}</p>}
      <div className="relative inline-block max-w-full">
        <img
          src={file.data.url}
          alt={alt}
          className="block max-h-[28rem] max-w-full rounded-lg border border-sand-200"
          onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        />
        {size && (
          <div className="absolute inset-0 cursor-crosshair touch-none" aria-hidden="true" data-testid="redaction-surface" {...draw.surface}>
            {draw.boxes.map((b, i) => (
              <BoxMark key={b.key} size={size} label={String(i + 1)} box={{ x: toNumber(b.x) || 0, y: toNumber(b.y) || 0, width: toNumber(b.width) || 0, height: toNumber(b.height) || 0 }} />
            ))}
            {draw.dragging && <BoxMark box={draw.dragging} size={size} />}
          </div>
        )}
      </div>
      {size && <p className="text-sm text-ink-600">{t.imageSize(size.width, size.height)}</p>}
      {draw.boxes.map((b, i) => (
        <BoxFields key={b.key} box={b} n={i + 1} idPrefix={`box-${letterId}-${b.key}`} invalid={error?.box === i} errorId={error ? errorId : undefined} draw={draw} />
      ))}
      {error && <p id={errorId} role="alert" className="text-sm font-medium text-red-700">{error.text}</p>}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" size="sm" onClick={onAdd} disabled={!size}>{t.addBox}</Button>
        <Button size="sm" onClick={onApply} loading={redact.isPending}>{t.applyBoxes}</Button>
      </div>
    </section>
  );
}
