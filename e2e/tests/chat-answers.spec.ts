import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The chat answers the question asked: a dose question gets the cited fact, an off-topic one a polite decline. */
async function ask(page: Page, text: string) {
  const prompt = page.getByRole('textbox', { name: 'Ask MediBuddy a health question' });
  await prompt.fill(text);
  await prompt.press('Enter');
  const reply = page.getByTestId('assistant-reply').last();
  await expect(reply).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  return reply;
}

test.describe('MediBuddy chat: answers from cited facts', () => {
  test('a dose question shows the adult maximum daily dose of paracetamol with its source', async ({
    page,
  }, testInfo) => {
    await page.goto('/medibuddy');
    const reply = await ask(page, 'how much paracetamol can an adult take in a day?');
    await expect(reply).toContainText('Paracetamol for adults');
    await expect(reply).toContainText('no more than 4 g');
    await expect(reply).toContainText('Ask a pharmacist or doctor');
    await expect(reply).not.toContainText('ADULT syndrome');
    const source = reply.getByRole('link').first();
    await expect(source).toHaveAttribute('href', /^https:\/\/www\.nhs\.uk\//);
    await page.screenshot({ path: testInfo.outputPath('chat-dose.png') });
  });

  test('a question outside health gets a short polite decline and no sources', async ({ page }) => {
    await page.goto('/medibuddy');
    const reply = await ask(page, 'what is the capital of france');
    await expect(reply).toContainText('I can only help with questions about health');
    await expect(reply.getByText('Sources', { exact: true })).toHaveCount(0);
  });
});
