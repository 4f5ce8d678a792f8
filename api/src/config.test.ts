import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 8080 and an SQLite file under data/', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('sqlite:./data/outpost.sqlite');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['POLL_INTERVAL_MS', '10'],
    ['POLLER_ENABLED', 'maybe'],
    ['DOCKER_HOST', 'docker.sock'],
    ['PROVISION_PORTS', '27199-27100'],
    ['CPU_THRESHOLD', '-1'],
    ['MEMORY_THRESHOLD', '2'],
    ['STATS_API_URL', 'stats.example.org'],
    ['STATS_TIMEOUT_MS', '10'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}=`));
  });

  it('accepts PostgreSQL URLs and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PUBLIC_URL: 'https://panel.example.org/',
    });
    expect(config.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
    expect(config.PUBLIC_URL).toBe('https://panel.example.org');
  });

  it('has no stats service unless STATS_API_URL is set', () => {
    expect(loadConfig({}).STATS_API_URL).toBeUndefined();
    const config = loadConfig({ STATS_API_URL: 'https://stats.example.org', STATS_TIMEOUT_MS: '2000' });
    expect(config.STATS_API_URL).toBe('https://stats.example.org');
    expect(config.STATS_TIMEOUT_MS).toBe(2000);
  });
});

describe('addon storage settings', () => {
  it('defaults to a local folder and requires the bucket settings for s3', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'addons' })).toThrow(
      /S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ WORKSHOP_FILE_HOSTS: 'a.example/../x' })).toThrow(/WORKSHOP_FILE_HOSTS/);
    expect(loadConfig({ WORKSHOP_FILE_HOSTS: '127.0.0.1:9000,cdn.example' }).WORKSHOP_FILE_HOSTS).toBe(
      '127.0.0.1:9000,cdn.example',
    );
  });
});
