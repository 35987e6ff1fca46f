import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ChatWidgetSlot } from '../../features/chat/components/chat-widget-slot';
import { ContactContent } from '../../features/contact/components/contact-content';
import { QueryProvider } from '../../lib/query-provider';

/** /contact sits flush at the top of the public shell; /user/contact is offset below the header. */
function ContactPage({ topOffset }: { topOffset: boolean }) {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <div data-testid="contact-page" data-top-offset={topOffset} className={topOffset ? 'pt-4' : ''}>
        <Page title={t('contact.title')}>
          <ContactContent />
        </Page>
        <ChatWidgetSlot />
      </div>
    </QueryProvider>
  );
}

export function PublicContactRoute() {
  return <ContactPage topOffset={false} />;
}

export function UserContactRoute() {
  return <ContactPage topOffset />;
}
