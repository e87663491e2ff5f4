import { Stepper } from '@portal/design-system/components/stepper.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';

interface AuthStepsProps {
  /** Message id of the page's title (the h1). */
  titleId: string;
  /** Message id of the stepper's accessible name. */
  labelId: string;
  /** Each step's id and the message id of its label, in order. */
  steps: readonly { id: string; labelId: string }[];
  currentIndex: number;
}

/** The top of a page in steps: its title, then where the user is among the steps. */
export function AuthSteps({ titleId, labelId, steps, currentIndex }: AuthStepsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <h1 className="mb-4 text-title font-bold">
        <FormattedMessage id={titleId} />
      </h1>
      <Stepper
        className="mb-6"
        steps={steps.map((step) => ({ id: step.id, label: t(step.labelId) }))}
        currentIndex={currentIndex}
        label={t(labelId)}
        completedText={t('auth.step.completed')}
      />
    </>
  );
}

/** A paragraph with a link back to the login, under a form. */
export function LoginLink({ messageId }: { messageId: string }) {
  return (
    <p className="mt-6">
      <Link to="/login" className={textLinkClassName}>
        <FormattedMessage id={messageId} />
      </Link>
    </p>
  );
}
