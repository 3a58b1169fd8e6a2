import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { APP_PORT } from '../playwright.config';
import { expect, test } from '../support/fixtures';

/** The /medibuddy chat page. */
class ChatPage {
  constructor(readonly page: Page) {}
  prompt = () => this.page.getByRole('textbox', { name: 'Ask MediBuddy a health question' });
  sidebar = () => this.page.getByRole('navigation', { name: 'MediBuddy' });
  replies = () => this.page.getByTestId('assistant-reply');
  recent = () => this.sidebar().getByRole('region', { name: 'Recent' });

  async open() {
    await this.page.goto('/medibuddy');
    await expect(this.prompt()).toBeVisible();
  }
}

const QUESTION = 'What are the symptoms of kidney stones?';

test.describe('MediBuddy chat', () => {
  test('a signed-in user asks, watches the reply type out with its sources, and reopens it from Recent', async ({
    page,
    signedIn,
  }, testInfo) => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://localhost:')) outside.push(request.url());
    });
    const chat = new ChatPage(page);
    await chat.open();
    await expect(page.getByRole('heading', { name: `Hello, ${signedIn.name.split(' ')[0]}.` })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /Understand a condition|Learn about a medicine|Know the symptoms|Stay healthy/ }),
    ).toHaveCount(4);
    await expect(page.getByTestId('not-a-doctor')).toContainText('MediBuddy is not a doctor');
    // The navbar is hidden on this page (docs/product.md#navigation-bar-and-footer).
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    await chat.prompt().fill(QUESTION);
    await chat.prompt().press('Enter');
    await expect(page.getByTestId('user-prompt')).toHaveText(QUESTION);

    // Typed out word by word: the reply is busy and grows, and its sources come only when it is complete.
    const reply = chat.replies().first();
    await expect(reply).toHaveAttribute('aria-busy', 'true');
    await expect(reply).toContainText('From MediBuddy, on');
    const early = (await reply.innerText()).length;
    await expect(reply.getByText('Sources', { exact: true })).toHaveCount(0);
    await page.waitForTimeout(600);
    expect((await reply.innerText()).length).toBeGreaterThan(early);
    await page.screenshot({ path: testInfo.outputPath('chat-typing.png') });
    await expect(reply).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(reply.locator('strong').first()).toContainText(/kidney stones/i);
    const sources = reply.getByRole('link');
    expect(await sources.count()).toBeGreaterThan(0);
    await expect(sources.first()).toHaveAttribute('href', /^https?:\/\//);
    await expect(sources.first()).toHaveAttribute('rel', /noopener/);
    await expect(page.getByTestId('not-a-doctor')).toBeVisible();
    const firstAnswer = await reply.innerText();
    await page.screenshot({ path: testInfo.outputPath('chat-answered.png') });

    // Recent shows the prompt's first 18 characters.
    const recentItem = chat.recent().getByRole('button', { name: `${QUESTION.slice(0, 18)}…` });
    await expect(recentItem).toBeVisible();

    // New Chat starts over; clicking the recent prompt reopens its conversation and asks it again.
    await chat.sidebar().getByRole('button', { name: 'New Chat' }).click();
    await expect(page.getByRole('heading', { name: /^Hello/ })).toBeVisible();
    await recentItem.click();
    await expect(page.getByTestId('user-prompt')).toHaveCount(2);
    await expect(chat.replies().first()).toHaveAttribute('aria-busy', 'false');
    expect(await chat.replies().first().innerText()).toBe(firstAnswer);
    await expect(chat.replies().nth(1)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(chat.replies().nth(1).getByRole('link').first()).toBeVisible();

    // Activity lists the one conversation; Settings deletes it all.
    await chat.sidebar().getByRole('button', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Activity' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: new RegExp(`^${QUESTION.replace('?', '\\?')} \\d`) })).toBeVisible();
    await chat.sidebar().getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('chat-provider')).toContainText('offline assistant');
    await page.getByRole('button', { name: 'Delete all conversations' }).click();
    await page.getByRole('button', { name: 'Yes, delete all' }).click();
    await expect(page.getByText('1 conversation deleted.')).toBeVisible();
    await expect(chat.recent().getByText('Your prompts will show here.')).toBeVisible();
    expect(outside).toEqual([]);
  });

  test('a visitor sends with the send icon and gets the emergency answer for a red flag', async ({ browser }) => {
    // @axe-core/playwright needs a page from browser.newContext().
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORT}` });
    const page = await context.newPage();
    const chat = new ChatPage(page);
    await chat.open();
    await expect(page.getByRole('heading', { name: 'Hello.' })).toBeVisible();
    const greetingAxe = await new AxeBuilder({ page }).analyze();
    expect(greetingAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await chat.prompt().fill('I have crushing chest pain and I am sweating');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = chat.replies().first();
    await expect(reply).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(reply).toContainText('Call your local emergency number now');
    // A visitor's prompt is listed in Recent for this visit only.
    await expect(chat.recent().getByRole('button', { name: 'I have crushing ch…' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });

  test('works inside a same-origin frame, as the home page widget shows it', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'Popup Window';
      frame.src = '/medibuddy';
      frame.style.width = '400px';
      frame.style.height = '600px';
      document.body.append(frame);
    });
    const frame = page.frameLocator('iframe[title="Popup Window"]');
    await expect(frame.getByRole('textbox', { name: 'Ask MediBuddy a health question' })).toBeVisible();
    await frame.getByRole('textbox', { name: 'Ask MediBuddy a health question' }).fill('What is glaucoma?');
    await frame.getByRole('textbox', { name: 'Ask MediBuddy a health question' }).press('Enter');
    await expect(frame.getByTestId('assistant-reply')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(frame.getByTestId('assistant-reply')).toContainText(/glaucoma/i);
  });
});
