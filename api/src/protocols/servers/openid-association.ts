import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The provider side of an OpenID 2.0 association, as Steam runs it: a secret and a handle,
 * HMAC-SHA256 over the key-value form of the signed fields. One copy for the demo's sign-in
 * provider and the tests' fake Steam, so both sign and check exactly alike.
 */
export interface OpenIdAssociation {
  readonly handle: string;
  /** The signature of `signed` (comma-separated field names without "openid.") over `fields`. */
  sign(fields: Map<string, string>, signed: string): string;
  /** check_authentication: the assertion as the relying party posted it back, re-signed as id_res. */
  verify(params: URLSearchParams): boolean;
}

export function createOpenIdAssociation(): OpenIdAssociation {
  const secret = randomBytes(32);
  const handle = randomBytes(8).toString('hex');
  const sign = (fields: Map<string, string>, signed: string) =>
    createHmac('sha256', secret)
      .update(
        signed
          .split(',')
          .map((name) => `${name}:${fields.get(`openid.${name}`) ?? ''}\n`)
          .join(''),
      )
      .digest('base64');
  return {
    handle,
    sign,
    verify(params) {
      const fields = new Map([...params]);
      fields.set('openid.mode', 'id_res');
      const expected = Buffer.from(sign(fields, params.get('openid.signed') ?? ''));
      const given = Buffer.from(params.get('openid.sig') ?? '');
      return (
        params.get('openid.assoc_handle') === handle &&
        given.length === expected.length &&
        timingSafeEqual(given, expected)
      );
    },
  };
}
