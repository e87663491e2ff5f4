import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DownloadButton } from '@portal/design-system/components/download-button.tsx';
import { saveBlob } from '../../../lib/download';
import { downloadSandboxAnswer } from '../api/remittances';
import { useT } from '../components/messages';

/**
 * Only where the sandbox bank is on (development, QA, a closed staging site): the test bank's
 * answer to this remittance, to upload in the returns form below and try the whole cycle.
 */
export function SandboxAnswer({ remittanceId }: { remittanceId: number }) {
  const t = useT();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (loading) return;
    setFailed(false);
    setLoading(true);
    const answer = await downloadSandboxAnswer(remittanceId);
    setLoading(false);
    if (answer.ok && answer.data) {
      saveBlob(answer.data as Blob, `remesa-${remittanceId}-banco-de-pruebas.xml`);
    } else setFailed(true);
  }

  return (
    <section
      aria-labelledby="remittance-sandbox-bank"
      className="flex max-w-xl flex-col items-start gap-2 rounded-md border border-dashed border-border bg-surface p-4"
    >
      <h4 id="remittance-sandbox-bank" className="text-body font-semibold">
        <FormattedMessage id="admin.remittances.sandboxTitle" />
      </h4>
      <p className="text-body">
        <FormattedMessage id="admin.remittances.sandboxHint" />
      </p>
      <DownloadButton
        label={t('admin.remittances.sandboxAnswer')}
        onDownload={() => void download()}
        loading={loading}
        error={failed ? t('admin.remittances.sandboxAnswerFailed') : null}
      />
    </section>
  );
}
