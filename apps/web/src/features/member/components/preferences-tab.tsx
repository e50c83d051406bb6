// Preferencias (docs/product.md#accounts-and-sessions): favourite cause, communication and privacy settings.
// email_notifications withholds only each gift's automatic thank-you and receipt; allow_contact is the consent
// to email of the donor's record (decision 0081); show_donations_publicly decides whether public pages mask
// the donor (docs/product.md#donor-privacy).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import type { Preferences } from '@donaciones/shared/schemas/profile';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, Select } from '@/components/form-fields';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { usePublicSite } from '@/lib/public-site';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { useUpdatePreferences } from '../api/update-preferences';

const t = memberMessages.settings;

interface FormValues {
  favorite_cause: string;
  email_notifications: boolean;
  show_donations_publicly: boolean;
  allow_contact: boolean;
}

function toForm(p: Preferences): FormValues {
  return { favorite_cause: p.favorite_cause ?? '', ...p.communication_preferences, ...p.privacy_settings };
}

export function PreferencesTab({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  const site = usePublicSite();
  const [saved, showSaved] = useFlash();
  const [formError, setFormError] = useState<{ message: string; detail?: string } | null>(null);
  const form = useForm<FormValues>({ defaultValues: toForm(preferences) });

  const causes = new Set((site.data?.programs ?? []).map((p) => p.name));
  if (preferences.favorite_cause) causes.add(preferences.favorite_cause);

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const next = await update.mutateAsync({
        favorite_cause: v.favorite_cause || null,
        communication_preferences: { email_notifications: v.email_notifications },
        privacy_settings: { show_donations_publicly: v.show_donations_publicly, allow_contact: v.allow_contact },
      });
      form.reset(toForm(next));
      showSaved(screensMessages.preferencesSaved);
    } catch (error) {
      setFormError({ message: screensMessages.preferencesSaveError, detail: getErrorStatus(error) === 400 ? getErrorMessage(error, '') : undefined });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label={t.tabs.preferences}>
      <ErrorMessage message={formError?.message ?? null} detail={formError?.detail} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t.favoriteCauseTitle} description={t.favoriteCauseBody} className="lg:col-span-2">
          <div className="max-w-md">
            <Select
              label={t.favoriteCause}
              placeholder={t.noFavoriteCause}
              options={[...causes].map((name) => ({ value: name, label: name }))}
              {...form.register('favorite_cause')}
            />
          </div>
        </Card>
        <Card title={t.communicationTitle} description={t.communicationBody}>
          <fieldset className="space-y-4">
            <legend className="sr-only">{t.communicationTitle}</legend>
            <Checkbox label={t.emailNotifications} hint={t.emailNotificationsHint} {...form.register('email_notifications')} />
            <Checkbox label={t.allowContact} hint={t.allowContactHint} {...form.register('allow_contact')} />
          </fieldset>
        </Card>
        <Card title={t.privacyTitle} description={t.privacyBody}>
          <fieldset className="space-y-4">
            <legend className="sr-only">{t.privacyTitle}</legend>
            <Checkbox label={t.showDonationsPublicly} hint={t.showDonationsPubliclyHint} {...form.register('show_donations_publicly')} />
          </fieldset>
        </Card>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" loading={update.isPending} loadingText={t.saving} icon={<Save aria-hidden="true" className="size-4" />}>
          {t.savePreferences}
        </Button>
        <SuccessMessage message={saved} />
      </div>
    </form>
  );
}
