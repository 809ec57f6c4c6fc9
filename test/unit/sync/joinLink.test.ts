import { describe, expect, it } from 'vitest';
import { appAddress, joinLink, parseJoin, roomName } from '../../../src/sync/joinLink';
import { defaultSignaling, parseSettings } from '../../../src/sync/settings';

describe('join links', () => {
  const info = { gameId: 'abc123def4', secret: 'k2m9x0q1w8e7r6t5y4u3' };

  it('round-trips the game id and secret through the link a QR code carries', () => {
    const link = joinLink('https://table.example', info);
    expect(link).toBe('https://table.example/#/join?g=abc123def4&k=k2m9x0q1w8e7r6t5y4u3');
    expect(parseJoin(link)).toEqual(info);
    expect(parseJoin('g=abc123def4&k=k2m9x0q1w8e7r6t5y4u3')).toEqual(info);
  });

  it('points at the folder the app was served from, at a host root or under a path', () => {
    expect(appAddress({ origin: 'https://table.example', pathname: '/' })).toBe('https://table.example/');
    expect(appAddress({ origin: 'https://ana.github.io', pathname: '/twilight-table/index.html' })).toBe('https://ana.github.io/twilight-table/');
    const link = joinLink(appAddress({ origin: 'https://ana.github.io', pathname: '/twilight-table/' }), info);
    expect(link).toBe('https://ana.github.io/twilight-table/#/join?g=abc123def4&k=k2m9x0q1w8e7r6t5y4u3');
    expect(parseJoin(link)).toEqual(info);
  });

  it.each([
    ['no secret', 'https://x/#/join?g=abc123def4'],
    ['a short secret', 'https://x/#/join?g=abc123def4&k=abc'],
    ['a bad game id', 'https://x/#/join?g=ABC!&k=k2m9x0q1w8e7r6t5y4u3'],
    ['something else entirely', 'hello there'],
  ])('rejects a link with %s', (_why, text) => {
    expect(parseJoin(text)).toBeUndefined();
  });

  it('hides the game id and secret from the signaling server behind a hashed room name', () => {
    const room = roomName(info.gameId, info.secret);
    expect(room).toMatch(/^tt-[0-9a-f]{32}$/);
    expect(room).not.toContain(info.gameId);
    expect(roomName(info.gameId, 'another-secret-0000')).not.toBe(room);
    expect(roomName(info.gameId, info.secret)).toBe(room);
  });
});

describe('connection settings', () => {
  it('defaults to the signaling endpoint of the server the app came from', () => {
    expect(defaultSignaling({ protocol: 'http:', host: '192.168.1.5:5173' })).toEqual(['ws://192.168.1.5:5173/signal']);
    expect(defaultSignaling({ protocol: 'https:', host: 'table.example' })).toEqual(['wss://table.example/signal']);
    expect(defaultSignaling({ protocol: 'https:', host: 'table.example', pathname: '/some/sub/path/index.html' })).toEqual(['wss://table.example/some/sub/path/signal']);
  });

  it('parses the settings form and says which line is wrong', () => {
    expect(parseSettings('wss://a.example/signal\n', 'stun:stun.example:3478')).toEqual({ signaling: ['wss://a.example/signal'], iceServers: [{ urls: 'stun:stun.example:3478' }] });
    expect(parseSettings('', '')).toEqual({ signaling: null, iceServers: [] });
    expect(() => parseSettings('http://nope', '')).toThrow(/"http:\/\/nope" is not a signaling address/);
    expect(() => parseSettings('', 'nope.example')).toThrow(/not an ICE server/);
  });
});
