import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderNginxConfig, SHIPPED_NGINX_CONFIG } from './test-support/native-topology';

// Issue 14, section 2: the shipped nginx configuration (deploy/) as the topology test renders it;
// nginx-topology.test.ts runs it in front of two API instances.

const shipped = fs.readFileSync(SHIPPED_NGINX_CONFIG, 'utf8');

describe('the shipped nginx configuration', () => {
  it('renders for the test with only ports and paths changed', () => {
    const rendered = renderNginxConfig(shipped, {
      port: 1,
      upstreams: ['127.0.0.1:2', '127.0.0.1:3'],
      webRoot: '/w',
      runDir: '/r',
    });
    const strip = (text: string) =>
      text
        .replace(/listen [^;]+;/, 'listen;')
        .replace(/server \S+ max_fails/g, 'server max_fails')
        .replace(/\/srv\/outpost|\/w(?=[/;\s])/g, 'ROOT')
        .replace(/\/run\/nginx\.pid|\/r\/nginx\.pid/, 'PID')
        .replace(/\/var\/cache\/nginx|\/r\/cache/g, 'CACHE')
        .replace(/access_log [^;]+;/, 'access_log;');
    expect(strip(rendered)).toBe(strip(shipped));
    expect(() => renderNginxConfig(shipped.replace('listen 80;', 'listen 81;'), {} as never)).toThrow(/listen 80/);
  });

  it('carries the limits, forwarding and streaming rules the API relies on', () => {
    for (const directive of [
      /limit_conn outpost_conn_per_ip \d+;/,
      /limit_req zone=outpost_api_per_ip burst=\d+ nodelay;/,
      /client_header_timeout 10s;/,
      /client_body_timeout 30s;/,
      /proxy_set_header X-Forwarded-For \$remote_addr;/,
      /proxy_set_header X-Real-IP \$remote_addr;/,
      /gzip_static on;/,
      /brotli_static on;/,
    ]) {
      expect(shipped).toMatch(directive);
    }
    const sse = /location = \/api\/auth\/notifications\/sse \{([^}]*)\}/.exec(shipped)?.[1] ?? '';
    expect(sse).toContain('proxy_buffering off;');
    // Longer than the heartbeat (SSE_HEARTBEAT_SECONDS, 25 s by default) by far.
    expect(sse).toMatch(/proxy_read_timeout 1h;/);
    // The command socket: the upgrade passes, and every forwarding header is set again there
    // (a location's proxy_set_header replaces the server's list).
    const socket = /location = \/api\/game\/commands\/socket \{([^}]*)\}/.exec(shipped)?.[1] ?? '';
    for (const header of [
      /proxy_set_header Upgrade \$http_upgrade;/,
      /proxy_set_header Connection \$outpost_connection_upgrade;/,
      /proxy_set_header Host \$host;/,
      /proxy_set_header X-Real-IP \$remote_addr;/,
      /proxy_set_header X-Forwarded-For \$remote_addr;/,
      /proxy_set_header X-Forwarded-Proto \$scheme;/,
      /proxy_set_header X-Forwarded-Host \$host;/,
      /limit_req zone=outpost_api_per_ip/,
    ]) {
      expect(socket).toMatch(header);
    }
    // Health checks are never rate limited.
    expect(/location = \/api\/health \{([^}]*)\}/.exec(shipped)?.[1]).not.toContain('limit_req');
  });
});
