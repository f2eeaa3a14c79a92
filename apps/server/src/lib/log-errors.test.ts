import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors.ts';

describe('errors in the log', () => {
  it('keeps the message, code, stack and what failed, and nothing else an error carries', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { password: 'secret' }, queryQueue: new Array(1000).fill('select 1') },
      cause: new Error('socket closed'),
    });
    const logged = serializeError(error) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'Error', message: 'terminating connection due to administrator command', code: '57P01', cause: { message: 'socket closed' } });
    expect(logged.stack).toContain('log-errors.test.ts');
    expect(JSON.stringify(logged)).not.toContain('secret');
    expect(JSON.stringify(logged).length).toBeLessThan(3000);
  });

  it('passes anything that is not an error through', () => {
    expect(serializeError('plain')).toBe('plain');
  });
});
