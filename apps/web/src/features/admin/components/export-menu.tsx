// The export menu of the reports: PDF, Excel and CSV of the selected period, generated on the
// server and downloaded (docs/product.md#reports-and-exports). A menu button: arrows move, Escape closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, Download, FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { ReportPeriod } from '@donaciones/shared/constants';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { ExportFormat } from '@donaciones/shared/schemas/admin';
import { Button } from '@/components/button';
import { useDownloadReport } from '../api/download-report';

const ui = adminMessages.reportsUi;
const OPTIONS: { format: ExportFormat; label: string; icon: typeof FileText }[] = [
  { format: 'pdf', label: ui.exportPdf, icon: FileText },
  { format: 'xlsx', label: ui.exportXlsx, icon: FileSpreadsheet },
  { format: 'csv', label: ui.exportCsv, icon: Sheet },
];
/** The menu button's state: open or closed, focus on the first item when it opens, a click outside, Escape, the arrows and Tab. */
function useMenuButton() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return { open, setOpen, menuId, buttonRef, menuRef, close, onMenuKey };
}

export function ExportMenu({ period }: { period: ReportPeriod }) {
  const { open, setOpen, menuId, buttonRef, menuRef, close, onMenuKey } = useMenuButton();
  const download = useDownloadReport();

  const choose = async (format: ExportFormat) => {
    close();
    try {
      const file = await download.mutateAsync({ period, format });
      toast.success(ui.exported(file));
    } catch {
      toast.error(ui.exportError);
    }
  };

  return (
    <div className="relative">
      <Button
        ref={buttonRef}
        variant="primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        loading={download.isPending}
        loadingText={ui.exporting}
        onClick={() => setOpen((o) => !o)}
        icon={<Download aria-hidden="true" className="size-4" />}
      >
        {ui.export}
        <ChevronDown aria-hidden="true" className="size-4" />
      </Button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={ui.exportHint}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-2 w-56 animate-rise-in overflow-hidden rounded-2xl border border-sand-200 bg-white p-1.5 shadow-lift"
        >
          {OPTIONS.map(({ format, label, icon: Icon }) => (
            <li key={format} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => choose(format)}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none"
              >
                <Icon aria-hidden="true" className="size-4 text-brand-700" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
