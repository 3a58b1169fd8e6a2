import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { feedbackApi, feedbackService } from '../modules/feedback';
import { errorsPlugin, sessionPlugin } from './app-plugins';

// app.ts registers each plugin after those it names as dependencies; these show that a missing one stops the start.
const noSessions = { findSession: async () => null, userOf: async () => null };

describe('plugins and services declare what they need', () => {
  it('routes registered without the service they use: the app does not start, and says which is missing', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(cookie);
    await app.register(sessionPlugin, { store: noSessions });
    app.register(feedbackApi);
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'feedback' of plugin 'feedback-routes' is not registered",
    );
  });

  it('a service without the database it is made from: refused before it runs', async () => {
    const app = Fastify({ logger: false });
    app.register(feedbackService);
    await expect(app.ready()).rejects.toThrow(
      "The decorator 'config' required by 'feedback' is not present in Fastify",
    );
  });

  it('the session plugin before the cookies it reads: refused', async () => {
    const app = Fastify({ logger: false });
    app.register(sessionPlugin, { store: noSessions });
    await expect(app.ready()).rejects.toThrow("The dependency '@fastify/cookie' of plugin 'session' is not registered");
  });
});
