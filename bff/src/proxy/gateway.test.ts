import express from 'express';
import { expressClaims } from './gateway';

describe('the paths express keeps under /api', () => {
  const app = express();
  app.set('case sensitive routing', false);
  const ok = (_req: express.Request, res: express.Response) => void res.end();
  app.get('/api/site-config', ok);
  app.get('/api/season/profile', ok);
  app.post('/api/season/participant/:pid/character', ok);
  app.get('/api/season/participant/:pid/:kind', ok);
  app.post('/api/account/login', ok);
  app.get('/api/thing/:id', ok);
  app.get('/api/maybe{/:part}', ok);
  app.use('/api/docs', ok);
  const claimed = expressClaims(app);

  it('when a request is one of the BFF own routes, then express takes it, whatever the case of its path', () => {
    expect(claimed('GET', '/api/site-config')).toBe(true);
    expect(claimed('GET', '/api/Season/Profile')).toBe(true);
    expect(claimed('HEAD', '/api/season/profile')).toBe(true);
    expect(claimed('POST', '/api/season/participant/7/character')).toBe(true);
    expect(claimed('GET', '/api/season/participant/7/quests')).toBe(true);
    expect(claimed('POST', '/api/account/login')).toBe(true);
    expect(claimed('GET', '/api/thing/3')).toBe(true);
    expect(claimed('GET', '/api/maybe')).toBe(true);
    expect(claimed('GET', '/api/maybe/x')).toBe(true);
    expect(claimed('GET', '/api/docs/swagger-ui.css')).toBe(true);
  });

  it('when a request is a service call, or an own path with another method, then it is not claimed', () => {
    expect(claimed('GET', '/api/season/18/leaderboard')).toBe(false);
    expect(claimed('GET', '/api/season/profile-x')).toBe(false);
    expect(claimed('POST', '/api/season/profile')).toBe(false);
    expect(claimed('GET', '/api/account/login')).toBe(false);
    expect(claimed('GET', '/api/season/participant/7/character/x/y/z/w')).toBe(false);
    expect(claimed('GET', '/api/trade/trade-search')).toBe(false);
    expect(claimed('GET', '/api')).toBe(false);
  });
});
