// A deposit slip at full size for staff to read its digits (docs/product.md#bank-deposits): the photo itself
// (not its small preview) in a scrollable frame, with zoom and quarter turns for a slip photographed
// sideways; a PDF slip shows its preview and opens whole in a new tab.
import { type CSSProperties, useState } from 'react';
import { FileText, Maximize2, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { DepositSlipReview } from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { getSlipBlob, useSlipImage, useSlipPreview } from '../api/donation-deposit';

const m = bankStatementsMessages.review;
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;

/** Opens the slip's file in a new tab; the tab is opened on the click, so no popup blocker stops it. */
export async function openSlipFile(attachmentId: number) {
  const tab = window.open('', '_blank');
  const blob = await getSlipBlob(attachmentId, 'file');
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  // The tab has loaded the file well before this.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A rotated image keeps its unrotated layout box, so a quarter turn would spill out of the frame where
 * it cannot be scrolled to: margins (in % of the frame's width, as CSS takes them) give the box the
 * turned image's size. `ratio` is the image's height over its width.
 */
function imageStyle(zoom: number, turns: number, ratio: number): CSSProperties {
  const width = zoom * 100;
  const style: CSSProperties = { width: `${width}%`, maxWidth: 'none', rotate: `${turns * 90}deg` };
  if (turns % 2 === 0) return { ...style, marginInline: 'auto' };
  return { ...style, marginBlock: `${((1 - ratio) / 2) * width}%`, marginInline: `${Math.max(0, (ratio - 1) / 2) * width}%` };
}

export function SlipViewer({ slip, reference, compact = false }: { slip: DepositSlipReview; reference: string; compact?: boolean }) {
  const isImage = slip.content_type.startsWith('image/');
  const image = useSlipImage(slip.attachment_id, isImage);
  const preview = useSlipPreview(slip.attachment_id, !isImage && slip.has_preview);
  const source = isImage ? image : preview;
  const [zoom, setZoom] = useState(2);
  const [turns, setTurns] = useState(0);
  const [ratio, setRatio] = useState(1);
  const level = ZOOMS[zoom] ?? 1;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-1.5" role="toolbar" aria-label={m.slipZoomTitle(reference)}>
        <Button variant="outline" size="sm" onClick={() => setZoom((z) => z - 1)} disabled={zoom === 0} icon={<ZoomOut aria-hidden="true" className="size-4" />}>
          {m.slipZoomOut}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setZoom((z) => z + 1)} disabled={zoom === ZOOMS.length - 1} icon={<ZoomIn aria-hidden="true" className="size-4" />}>
          {m.slipZoomIn}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setTurns((t) => (t + 1) % 4)} icon={<RotateCw aria-hidden="true" className="size-4" />}>
          {m.slipRotate}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setZoom(2);
            setTurns(0);
          }}
          icon={<Maximize2 aria-hidden="true" className="size-4" />}
        >
          {m.slipFit}
        </Button>
        {!isImage && (
          <Button variant="outline" size="sm" onClick={() => void openSlipFile(slip.attachment_id)} icon={<FileText aria-hidden="true" className="size-4" />}>
            {m.slipOpenPdf}
          </Button>
        )}
      </div>
      {source.data ? (
        // The frame scrolls when zoomed in; keyboard users scroll it once it has focus.
        <div
          tabIndex={0}
          role="region"
          aria-label={m.slipImage(reference)}
          className={cn('overflow-auto rounded-xl border border-sand-200 bg-sand-50 p-2 focus-visible:outline-2 focus-visible:outline-brand-600', compact ? 'max-h-[45dvh]' : 'max-h-[75dvh]')}
        >
          <img
            src={source.data}
            alt={m.slipImage(reference)}
            className="block h-auto"
            style={imageStyle(level, turns, ratio)}
            onLoad={(e) => setRatio(e.currentTarget.naturalHeight / Math.max(1, e.currentTarget.naturalWidth))}
          />
        </div>
      ) : source.isError ? (
        <p className="text-sm text-red-800">{m.slipLoadError}</p>
      ) : isImage || slip.has_preview ? (
        <Skeleton className={compact ? 'h-40' : 'h-80'} />
      ) : null}
    </div>
  );
}
