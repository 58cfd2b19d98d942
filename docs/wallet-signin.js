// Sign in to bulwark with a Solana wallet key (Sign-In With Solana), with
// no wallet app: ask for the message, sign its bytes with Ed25519
// (tweetnacl, what @solana/web3.js uses), exchange the signature for a
// session token.
//
//   npm install tweetnacl@1.0.3 bs58@6.0.0
//   node docs/wallet-signin.js http://localhost:8080            # a fresh key
//   BULWARK_WALLET_SECRET_KEY=<base58 64-byte secret key> node docs/wallet-signin.js http://localhost:8080
//
// Prints {address, access_token, expires_at, user, organization} as JSON.
// A browser wallet does the same with signMessage (Phantom:
// window.solana.signMessage(new TextEncoder().encode(message), "utf8")).
"use strict";
const nacl = require("tweetnacl");
const bs58 = require("bs58").default || require("bs58");

async function post(base, path, body) {
  const res = await fetch(base + "/api/v1/auth/wallet/solana/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(path + ": " + res.status + " " + JSON.stringify(json));
  return json;
}

async function main() {
  const base = (process.argv[2] || "http://localhost:8080").replace(/\/$/, "");
  const secret = process.env.BULWARK_WALLET_SECRET_KEY;
  const keys = secret ? nacl.sign.keyPair.fromSecretKey(bs58.decode(secret)) : nacl.sign.keyPair();
  const address = bs58.encode(keys.publicKey);

  // 1. The server issues the exact message to sign (valid 5 minutes, once).
  const { message } = await post(base, "nonce", { address });
  // 2. Sign the message's UTF-8 bytes: a detached Ed25519 signature.
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), keys.secretKey));
  // 3. Exchange it for a session: send it as Authorization: Bearer <access_token>.
  const session = await post(base, "verify", { address, signature, message });
  console.log(JSON.stringify({ address, ...session }));
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
