// The organisation's bank accounts (docs/product.md#bank-deposits): add, edit, order and hide them.
// The visible ones, in this order, are what a donor who chooses "Depósito o transferencia bancaria"
// sees; with none visible the method is not offered.
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { BANK_ACCOUNT_TYPES, MAX_BANK_ACCOUNTS, type BankAccountsSettings, type BankAccountsSettingsInput, bankAccountsSettingsSchema } from '@donaciones/shared/schemas/deposits';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, Select, TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateBankAccounts } from '../api/bank-accounts';

const m = depositMessages.settings;
const i = depositMessages.instructions;

/** A short id for a new account, kept through edits and reorders. */
const newId = () => `cuenta-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

export function BankAccountsForm({ values }: { values: BankAccountsSettings }) {
  const save = useUpdateBankAccounts();
  const form = useForm<BankAccountsSettingsInput, unknown, BankAccountsSettings>({ resolver: zodResolver(bankAccountsSettingsSchema), defaultValues: values });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'accounts', keyName: 'key' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const errors = form.formState.errors.accounts;

  const submit = form.handleSubmit(async (data) => {
    setMessage(null);
    try {
      // The order on screen is the order donors see.
      form.reset(await save.mutateAsync({ accounts: data.accounts.map((a, n) => ({ ...a, sortOrder: n })) }));
      setMessage({ ok: true, text: m.saved });
    } catch (err) {
      setMessage({ ok: false, text: getErrorMessage(err, m.numberInvalid) });
    }
  });

  return (
    <Card title={m.title} description={m.intro}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={m.title}>
        {fields.length === 0 && <p className="mb-4 rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">{m.empty}</p>}
        <ol className="space-y-4">
          {fields.map((field, n) => (
            <li key={field.key} className="rounded-2xl border border-sand-200 p-4" data-testid="bank-account-row">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <TextInput label={i.bank} required error={errors?.[n]?.bank?.message} {...form.register(`accounts.${n}.bank`)} />
                <Select
                  label={i.accountType}
                  options={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: depositMessages.accountTypes[t] }))}
                  {...form.register(`accounts.${n}.accountType`)}
                />
                <TextInput label={i.number} required inputClassName="tabular-nums" error={errors?.[n]?.number?.message} {...form.register(`accounts.${n}.number`)} />
                <TextInput label={i.holder} required error={errors?.[n]?.holder?.message} {...form.register(`accounts.${n}.holder`)} />
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                <Checkbox label={m.hidden} {...form.register(`accounts.${n}.hidden`)} />
                <div className="flex flex-wrap gap-2">
                  <Button variant="ghost" size="sm" disabled={n === 0} onClick={() => move(n, n - 1)} icon={<ArrowUp aria-hidden="true" className="size-4" />}>
                    {m.moveUp}
                  </Button>
                  <Button variant="ghost" size="sm" disabled={n === fields.length - 1} onClick={() => move(n, n + 1)} icon={<ArrowDown aria-hidden="true" className="size-4" />}>
                    {m.moveDown}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => remove(n)} icon={<Trash2 aria-hidden="true" className="size-4" />}>
                    {m.remove}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-5 flex flex-col gap-3">
          {message && (
            <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-sm font-semibold text-brand-700' : 'text-sm font-semibold text-red-700'}>
              {message.text}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={fields.length >= MAX_BANK_ACCOUNTS}
              onClick={() => append({ id: newId(), bank: '', accountType: 'monetaria', number: '', holder: '', hidden: false, sortOrder: fields.length })}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {m.add}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {m.save}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
