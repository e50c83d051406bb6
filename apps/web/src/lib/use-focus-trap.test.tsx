// Focus after a dialog closes: back to the opener, or, when the opener is gone (a row's
// approve button after the approval), to the nearest focusable element that is still there; a
// dialog the page opened by itself (a result arriving, focus on <body>) gives it to the main landmark.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '@/components/modal';


function Row() {
  const [pending, setPending] = useState(true);
  const [open, setOpen] = useState(false);
  return (
    <main tabIndex={-1}>
      <table>
        <tbody>
          <tr>
            <td>
              <a href="/donations/7">Ver la donación 7</a>
            </td>
            <td>{pending ? <button onClick={() => setOpen(true)}>Aprobar</button> : 'Aprobada'}</td>
          </tr>
        </tbody>
      </table>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Aprobar donación"
        footer={
          <button
            onClick={() => {
              setPending(false);
              setOpen(false);
            }}
          >
            Confirmar
          </button>
        }
      />
    </main>
  );
}

describe('focus after a dialog', () => {
  it('goes back to the opener when it is still there (Escape)', async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Aprobar' })).toHaveFocus();
  });

  it('goes to the nearest focusable element of the opener\'s row when the opener is gone, never to <body>', async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver la donación 7' })).toHaveFocus();
  });

  it('goes to the main landmark, not back to <body>, when the page opened the dialog by itself', async () => {
    const user = userEvent.setup();
    function Result() {
      const [open, setOpen] = useState(true);
      return (
        <main tabIndex={-1}>
          <p>Gracias</p>
          <Modal open={open} onClose={() => setOpen(false)} title="Donación realizada" />
        </main>
      );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    render(<Result />);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
