import { describe, expect, it } from 'vitest';
import { adminChatMessage, adminChatText, isAdminChatMessage } from './players-bans-notes-logs';

describe('admin chat messages (SPEC 4)', () => {
  it('recognises the admin say command in SourceMod log style', () => {
    const message = adminChatMessage('sm_say', 'hello all');
    expect(message).toBe('triggered "sm_say" (text "hello all")');
    expect(isAdminChatMessage(message)).toBe(true);
    expect(adminChatText(message)).toBe('hello all');
    expect(isAdminChatMessage('"Bob<2><STEAM_1:0:1><>" triggered sm_chat (text "hi")')).toBe(true);
  });
  it('leaves other actions alone', () => {
    expect(isAdminChatMessage('kicked "Bob" (reason "afk")')).toBe(false);
    expect(adminChatText('kicked "Bob"')).toBe('kicked "Bob"');
  });
});
