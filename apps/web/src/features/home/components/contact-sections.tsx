// The home page's closing sections: the band that invites to join, and the organisation's contact.
import { HandHeart, Mail, MapPin, Phone } from 'lucide-react';
import { homeMessages } from '@donaciones/shared/messages/home';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { ButtonLink, buttonClasses } from '@/components/button';
import { WovenBand } from '@/components/woven-band';
import { paths } from '@/lib/paths';
import { mailtoHref, telHref } from '@/lib/public-site';
import { SectionHeading } from './section-heading';

const m = homeMessages;

export function JoinBand({ site }: { site: PublicSite }) {
  return (
    <section aria-labelledby="join-title" className="relative overflow-hidden bg-brand-800">
      <WovenBand />
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-8 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <SectionHeading id="join-title" title={m.joinTitle} intro={m.joinBody} invert />
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <ButtonLink to={paths.register} variant="accent" size="lg" icon={<HandHeart aria-hidden="true" className="size-5" />}>
            {m.joinCause}
          </ButtonLink>
          <a
            href={telHref(site.organization.phone)}
            className="inline-flex h-13 items-center justify-center gap-2 rounded-full border border-white/40 px-7 text-base font-semibold whitespace-nowrap text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Phone aria-hidden="true" className="size-5" />
            {m.callNow}
          </a>
        </div>
      </div>
    </section>
  );
}

export function Contact({ site }: { site: PublicSite }) {
  const { phone, email, address } = site.organization;
  const items = [
    { id: 'phone', icon: Phone, label: m.phoneLabel, value: phone, href: telHref(phone) },
    { id: 'email', icon: Mail, label: m.emailLabel, value: email, href: mailtoHref(email) },
    ...(address ? [{ id: 'address', icon: MapPin, label: m.addressLabel, value: address, href: null }] : []),
  ];
  return (
    <section id="contacto" aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 pt-20 sm:px-6 lg:px-8">
      <div className="grid grid-cols-1 gap-10 rounded-[2rem] bg-white p-6 shadow-card ring-1 ring-sand-200 sm:p-10 lg:grid-cols-[1fr_1.1fr] lg:items-center">
        <div>
          <SectionHeading id="contact-title" eyebrow={m.contactEyebrow} title={m.contactTitle} intro={m.contactBody} />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={telHref(phone)} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
              <Phone aria-hidden="true" className="size-5" />
              {m.callNow}
            </a>
            <a href={mailtoHref(email)} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              <Mail aria-hidden="true" className="size-5" />
              {m.writeUs}
            </a>
          </div>
        </div>
        <address className="not-italic">
          <ul className="grid grid-cols-1 gap-3">
            {items.map(({ id, icon: Icon, label, value, href }) => (
              <li key={id} className="flex items-center gap-4 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="text-xs font-bold tracking-wide text-ink-500 uppercase">{label}</p>
                  {href ? (
                    <a href={href} className="text-lg font-semibold break-words text-brand-800 underline-offset-4 hover:underline" data-testid={`contact-${id}`}>
                      {value}
                    </a>
                  ) : (
                    <p className="text-lg font-semibold text-ink-800">{value}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </address>
      </div>
    </section>
  );
}
