import { describe, expect, it } from 'vitest';
import { roomsFromStatus, StatusFeedError } from './status-feed.ts';

describe('roomsFromStatus', () => {
  it('reads the rooms at the dot path, by the field the mapping names, lower-case and trimmed', () => {
    const answer = { data: { models: [{ username: ' LunaVega ' }, { username: 'kai_storm' }, { username: 42 }, {}] } };
    expect([...roomsFromStatus(answer, { listPath: 'data.models', roomField: 'username' })]).toEqual(['lunavega', 'kai_storm']);
  });

  it('reads a list of names, and an empty list as nobody online', () => {
    expect([...roomsFromStatus(['a', 'B'], { listPath: '', roomField: '' })]).toEqual(['a', 'b']);
    expect(roomsFromStatus({ results: [] }, { listPath: 'results', roomField: 'username' }).size).toBe(0);
  });

  it.each([
    [{ results: {} }, 'results', 'username', '"results" is not a list'],
    [{ other: [] }, 'results', 'username', 'the answer has no "results"'],
    [null, 'results', 'username', 'the answer has no "results"'],
    ['text', '', '', 'the answer is not a list'],
    [{ results: [{ name: 'x' }] }, 'results', 'username', 'no entry of the list has a "username" name'],
    [[{ username: 'x' }], '', '', 'the list holds no names'],
  ])('refuses %j (%s, %s): %s', (answer, listPath, roomField, message) => {
    expect(() => roomsFromStatus(answer, { listPath, roomField })).toThrow(new StatusFeedError(message));
  });

  it('does not walk into inherited properties', () => {
    expect(() => roomsFromStatus({}, { listPath: 'constructor', roomField: '' })).toThrow(StatusFeedError);
  });
});
