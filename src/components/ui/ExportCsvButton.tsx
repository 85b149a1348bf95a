/**
 * 'Exportar CSV' (issue 14 item 5): downloads a list or a table as a CSV for Excel in Brazil. The call goes through
 * the API client (the Bearer token travels in the header; a plain link would not carry it) with `parseAs: 'blob'`;
 * the file is saved under the server's Content-Disposition name. While the server streams the file the button shows
 * its busy state ('Exportando…'); a failure shows the server's message (or the call's) as a toast.
 */
import { useState } from 'react';
import { attachmentName, saveBlob } from '../../lib/download';
import { generalErrorMessages, thrownCallMessage, failedCallMessage } from '../../api/errors';
import { toastError } from '../../lib/toast';
import { Button } from './Button';

const EXPORT_TEXTS = {
  label: 'Exportar CSV',
  busy: 'Exportando…',
} as const;

/** What openapi-fetch answers for a call made with `parseAs: 'blob'`. */
type CsvCallResult = { data?: unknown; error?: unknown; response: Response };

async function messagesOf(error: unknown, status: number): Promise<string[]> {
  let body: unknown = error;
  if (error instanceof Blob) {
    try {
      body = JSON.parse(await error.text()) as unknown;
    } catch {
      body = null;
    }
  }
  const messages = generalErrorMessages(body);
  return messages.length > 0 ? messages : [failedCallMessage(status)];
}

export function ExportCsvButton({
  call,
  fallbackName,
  label = EXPORT_TEXTS.label,
}: {
  /** The typed API call, e.g. `() => api.GET('/surgery/api/v1/receivables/export.csv', { params, parseAs: 'blob' })`. */
  call: () => Promise<CsvCallResult>;
  /** The file name when the answer names none. */
  fallbackName: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      const { data, error, response } = await call();
      if (response.ok && data instanceof Blob) {
        saveBlob(data, attachmentName(response.headers.get('Content-Disposition'), fallbackName));
      } else {
        for (const message of await messagesOf(error, response.status)) toastError(message);
      }
    } catch (thrown) {
      toastError(thrownCallMessage(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? EXPORT_TEXTS.busy : label}
    </Button>
  );
}
