import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import userEvent from '@testing-library/user-event';
import { Badge, StatusBadge, statusTone } from './badge';
import { Button } from './button';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { Checkbox, Select, TextArea, TextInput } from './form-fields';
import { Modal } from './modal';
import { ResponsiveTable } from './responsive-table';
import { ErrorState } from './states';


describe('StatusBadge colours (docs/product.md#screens-and-routes, "Status badges")', () => {
  // One colour per status, in the donor's view and the console's alike: "Anulada" and "Reembolsada"
  // used to be amber, the colour of a gift still waiting, like "Expirada".
  it.each([
    ['pending', 'PENDING', 'Pendiente', 'warning', 'bg-amber-50'],
    ['completed', 'APPROVED', 'Completada', 'success', 'bg-green-50'],
    ['failed', 'DECLINED', 'Fallida', 'danger', 'bg-red-50'],
    ['cancelled', 'CANCELLED', 'Cancelada', 'danger', 'bg-red-50'],
    ['expired', 'EXPIRED', 'Expirada', 'danger', 'bg-red-50'],
    ['refunded', 'REFUNDED', 'Reembolsada', 'danger', 'bg-red-50'],
    ['voided', 'VOIDED', 'Anulada', 'danger', 'bg-red-50'],
  ] as const)('%s (%s) reads "%s" in %s', (status, adminStatus, label, tone, colour) => {
    expect(statusTone(status)).toBe(tone);
    expect(statusTone(adminStatus)).toBe(tone);
    render(
      <>
        <StatusBadge status={status} />
        <StatusBadge status={adminStatus} />
      </>,
    );
    const badges = screen.getAllByText(label);
    expect(badges).toHaveLength(2);
    for (const badge of badges) expect(badge.className).toContain(colour);
  });

  it('amber is for waiting only: a status the ledger does not know is neutral', () => {
    expect(statusTone('whatever')).toBe('neutral');
    render(<Badge tone="brand">Donante</Badge>);
    expect(screen.getByText('Donante').className).toContain('bg-brand-50');
  });
});

describe('form fields', () => {
  it('tie the label, the hint and the error (role=alert) to the input', () => {
    render(<TextInput label="Correo electrónico" name="email" hint="Nunca lo compartimos" error="Ingresa un correo electrónico válido" />);
    const input = screen.getByLabelText('Correo electrónico');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ingresa un correo electrónico válido Nunca lo compartimos');
    expect(screen.getByRole('alert')).toHaveTextContent('Ingresa un correo electrónico válido');
  });

  it('without an error there is no alert and the input is not invalid', () => {
    render(<TextInput label="Nombre" prefix="Q" />);
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a TextArea with a maximum says when it is full, held by the form (register) or by the screen (value)', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [text, setText] = useState('');
      return <TextArea label="Motivo" hint="Lo verá el equipo" maxLength={10} value={text} onChange={(e) => setText(e.target.value)} />;
    }
    render(
      <>
        <TextArea label="Nota" hint="Opcional" maxLength={10} name="note" />
        <Controlled />
      </>,
    );
    const full = validationMessages.textAtMax(10);
    for (const [name, hint] of [['Nota', 'Opcional'], ['Motivo', 'Lo verá el equipo']]) {
      const field = screen.getByLabelText(new RegExp(name));
      expect(field).toHaveAccessibleDescription(hint);
      await user.click(field);
      await user.paste('a'.repeat(25));
      expect((field as HTMLTextAreaElement).value).toHaveLength(10);
      expect(field).toHaveAccessibleDescription(full);
      await user.type(field, '{Backspace}');
      expect(field).toHaveAccessibleDescription(hint);
    }
  });

  it('a TextArea whose form loads a value at its maximum says it is full before any keystroke', async () => {
    const user = userEvent.setup();
    function Profile() {
      const form = useForm({ defaultValues: { address: 'a'.repeat(10) } });
      return <TextArea label="Dirección" hint="Opcional" maxLength={10} {...form.register('address')} />;
    }
    render(<Profile />);
    const field = screen.getByLabelText(/Dirección/);
    expect(field).toHaveValue('a'.repeat(10));
    expect(field).toHaveAccessibleDescription(validationMessages.textAtMax(10));
    await user.type(field, '{Backspace}');
    expect(field).toHaveAccessibleDescription('Opcional');
  });

  it("a TextArea says whether it is full after its form is reset to other values while it stays on screen", async () => {
    const user = userEvent.setup();
    // As the profile after saving: the form is reset to what the server kept, the field stays mounted.
    function Profile() {
      const form = useForm({ defaultValues: { address: 'abc' } });
      return (
        <>
          <TextArea label="Dirección" hint="Opcional" maxLength={10} {...form.register('address')} />
          <button type="button" onClick={() => form.reset({ address: 'a'.repeat(10) })}>Guardado lleno</button>
          <button type="button" onClick={() => form.reset({ address: 'corta' })}>Guardado corto</button>
        </>
      );
    }
    render(<Profile />);
    const field = screen.getByLabelText(/Dirección/);
    expect(field).toHaveAccessibleDescription('Opcional');
    await user.click(screen.getByRole('button', { name: 'Guardado lleno' }));
    expect(field).toHaveValue('a'.repeat(10));
    expect(field).toHaveAccessibleDescription(validationMessages.textAtMax(10));
    await user.click(screen.getByRole('button', { name: 'Guardado corto' }));
    expect(field).toHaveValue('corta');
    expect(field).toHaveAccessibleDescription('Opcional');
  });

  it('Checkbox and Select are labelled and show errors too', async () => {
    render(
      <>
        <Checkbox label="Acepto los términos" error="Debes aceptar los términos y condiciones" />
        <Select label="Estado" placeholder="Todos" options={[{ value: 'pending', label: 'Pending' }]} />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Acepto los términos' });
    expect(box).toHaveAccessibleDescription('Debes aceptar los términos y condiciones');
    await userEvent.click(screen.getByText('Acepto los términos'));
    expect(box).toBeChecked();
    expect(within(screen.getByRole('combobox', { name: 'Estado' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'Pending']);
  });
});

describe('Button', () => {
  it('is disabled and busy while loading, with the working label', () => {
    render(
      <Button loading loadingText="Iniciando sesión...">
        Iniciar sesión
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Iniciando sesión...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Modal', () => {
  function Harness({ onClose }: { onClose?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Abrir</button>
        <Modal
          open={open}
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
          title="Confirmar"
          description="¿Seguro?"
          footer={<button onClick={() => setOpen(false)}>Aceptar</button>}
        >
          <input aria-label="Motivo" />
        </Modal>
      </>
    );
  }

  it('is a labelled modal dialog that traps focus, closes on Escape and returns focus', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('¿Seguro?');
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ResponsiveTable', () => {
  const rows = [
    { id: 1, name: 'Ana', amount: 'Q185.00' },
    { id: 2, name: 'Luis', amount: 'Q75.00' },
  ];
  const columns = [
    { key: 'name', header: 'Donante', cell: (r: (typeof rows)[number]) => r.name, primary: true },
    { key: 'amount', header: 'Monto', cell: (r: (typeof rows)[number]) => r.amount },
  ];

  it('renders a table for wide screens and cards for phones', () => {
    const { container } = render(<ResponsiveTable caption="Donaciones" columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Donaciones' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.parentElement?.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'sm:block']));
    const cards = container.querySelector('ul');
    expect(cards?.className.split(' ')).toContain('sm:hidden');
    expect(within(cards as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards as HTMLElement).getAllByText('Monto')).toHaveLength(2);
  });

  it('shows the empty content when there are no rows', () => {
    render(<ResponsiveTable caption="Donaciones" columns={columns} rows={[]} getRowKey={(r) => r.id} empty={<p>Sin donaciones</p>} />);
    expect(screen.getByText('Sin donaciones')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('shows the message and retries', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Error al cargar los datos del dashboard" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los datos del dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
