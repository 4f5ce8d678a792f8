import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, maskWebhookUrl, webhookTarget } from './webhook-url';

const ID = '223456789012345678';
const TOKEN = 'AbCdEf_gh-IJklmnopQRstuvWXyz0123456789';
const DISCORD = `https://discord.com/api/webhooks/${ID}/${TOKEN}`;

describe('webhook URLs', () => {
  it('keeps a Discord URL as given and marks it as Discord', () => {
    expect(checkWebhookUrl(DISCORD, false)).toEqual({ ok: true, url: DISCORD, discord: true });
    expect(checkWebhookUrl(DISCORD, true)).toEqual({ ok: true, url: DISCORD, discord: true });
  });

  it('refuses spellings the parser would rewrite, so the stored URL is the one checked', () => {
    for (const url of [
      `https://Discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com/api/webhooks/./${ID}/${TOKEN}`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}/..`,
      `https://discord.com:443/api/webhooks/${ID}/${TOKEN}`,
      ` ${DISCORD}`,
      `https:discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https:/discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https:///discord.com/api/webhooks/${ID}/${TOKEN}`,
    ]) {
      expect({ url, ok: checkWebhookUrl(url, true).ok }).toEqual({ url, ok: false });
    }
  });

  it('says why in words a person can act on', () => {
    expect(checkWebhookUrl('http://discord.com/x', false)).toEqual({
      ok: false,
      message: 'The URL must start with https://',
    });
    expect(checkWebhookUrl('https://example.org/hook', false)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Must be a Discord webhook URL'),
    });
    expect(checkWebhookUrl('https://93.184.216.34/hook', true)).toEqual({
      ok: false,
      message: 'The URL must name a host, not an IP address',
    });
    expect(checkWebhookUrl('https://example.org/hook', true)).toEqual({
      ok: true,
      url: 'https://example.org/hook',
      discord: false,
    });
  });

  it('masks everything after the webhook id, and never shows the token', () => {
    expect(maskWebhookUrl(DISCORD)).toBe(`discord.com/api/webhooks/${ID}/…`);
    expect(maskWebhookUrl(`https://ptb.discord.com/api/v10/webhooks/${ID}/${TOKEN}`)).toBe(
      `ptb.discord.com/api/webhooks/${ID}/…`,
    );
    expect(maskWebhookUrl('https://hooks.example.org/secret/path')).toBe('hooks.example.org/…');
    expect(maskWebhookUrl('not a url')).toBe('…');
  });

  it('sends Discord URLs to DISCORD_WEBHOOK_URL with ?wait=true, others as stored', () => {
    expect(webhookTarget(DISCORD, 'https://discord.com')).toBe(
      `https://discord.com/api/webhooks/${ID}/${TOKEN}?wait=true`,
    );
    expect(webhookTarget(`https://canary.discordapp.com/api/v9/webhooks/${ID}/${TOKEN}`, 'http://127.0.0.1:9/')).toBe(
      `http://127.0.0.1:9/api/webhooks/${ID}/${TOKEN}?wait=true`,
    );
    expect(webhookTarget('https://hooks.example.org/x', 'http://127.0.0.1:9')).toBe('https://hooks.example.org/x');
  });
});
