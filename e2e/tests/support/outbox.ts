import { expect, type APIRequestContext } from '@playwright/test';

/** The newest 6-digit code sent to a phone (9 digits) or e-mail, read from the development outbox. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const messages = (await res.json()) as { body: string }[];
        code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}
