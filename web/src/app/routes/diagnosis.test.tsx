import { CATALOGUE } from '@medibuddy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noSession, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

async function openDiagnosis() {
  stubFetch({ 'GET /api/auth/session': noSession });
  const app = renderApp('/diagnosis');
  await screen.findByRole('heading', { level: 1, name: 'Choose a test' });
  return app;
}

const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

describe('/diagnosis', () => {
  it('lists the ten tests in catalogue order (ids 1-10), each with its description and a Test link to its form', async () => {
    await openDiagnosis();
    expect(CATALOGUE.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cardNames()).toEqual(CATALOGUE.map((t) => t.name));
    for (const test of CATALOGUE) {
      const article = screen
        .getAllByRole('article')
        .find((a) => within(a).queryByRole('heading', { name: test.name }))!;
      expect(article).toHaveTextContent(test.description);
      const link = within(article).getByRole('link', { name: `Test: ${test.name}` });
      expect(link).toHaveAttribute('href', test.path);
      expect(link).toHaveTextContent(/^Test$/);
    }
    expect(screen.getByText(/not a diagnosis/)).toBeInTheDocument();
    expect(screen.getByText(/call your local emergency number/)).toBeInTheDocument();
  });

  it('filters by name as you type, ignoring case, and says when nothing matches', async () => {
    const { user } = await openDiagnosis();
    const search = screen.getByRole('searchbox', { name: 'Search tests by name' });
    expect(search).toHaveAttribute('placeholder', 'Search Tests');

    await user.type(search, 'DISEASE');
    expect(cardNames()).toEqual(['Skin Disease', 'Cataract Disease', 'CardioDisease', 'LiverDisease', 'Heart Disease']);
    expect(screen.getByText('5 of 10 tests match “DISEASE”')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'blood');
    expect(cardNames()).toEqual(['Blood Test']);

    await user.clear(search);
    await user.type(search, 'xray');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText(/No test is called “xray”/)).toBeInTheDocument();

    await user.clear(search);
    expect(cardNames()).toHaveLength(10);
  });

  it('opens a test form from its card', async () => {
    const { user, location } = await openDiagnosis();
    await user.click(screen.getByRole('link', { name: 'Test: Kidney Stone' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Health Prediction Form' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/kidneyStone');
  });
});
