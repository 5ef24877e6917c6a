// A real OpenID Connect provider (the `oidc-provider` package) for the platform sign-in tests.
//
// Usage: node oidc_provider.mjs '<json>' with
//   { clients: [...client metadata], accounts: { login: claims }, jwks: { keys: [private JWK] },
//     conformIdTokenClaims: bool, cookieKey: string }
// It listens on 127.0.0.1, on a port the system picks, and prints one JSON line
// {"issuer": "http://127.0.0.1:<port>"} once it answers. It exits when its stdin closes, so
// it never outlives the test run that started it.
//
// Sign-in uses the package's development interactions: a login form (any password; the login
// name picks the account) and a consent page.
import http from 'node:http';

import Provider from 'oidc-provider';

const config = JSON.parse(process.argv[2]);
// stdout carries the issuer line only: the package's notices go to stderr with its warnings.
console.info = console.error;
console.log = console.error;

function findAccount(ctx, id) {
  const claims = config.accounts[id];
  if (!claims) return undefined;
  return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
}

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: config.clients,
    jwks: config.jwks,
    findAccount,
    // The standard scopes and their claims; by default the e-mail then reaches the client
    // through the userinfo endpoint only, not in the ID token of the code flow.
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    conformIdTokenClaims: config.conformIdTokenClaims,
    cookies: { keys: [config.cookieKey] },
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  provider.on('server_error', (ctx, err) => console.error('oidc-provider error:', err));
  server.on('request', provider.callback());
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
