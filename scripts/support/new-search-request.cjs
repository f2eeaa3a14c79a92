// autocannon's setupRequest for `npm run bench:search`'s "every query new" load. It runs in autocannon's
// worker thread, which holds all the connections, so one counter walks the list for all of them: no
// two requests of the run ask the same query (were each connection to walk its own copy, ten would ask
// each one at once, and the server's shared answer would serve nine). The list comes as a JSON file.
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');

const queries = JSON.parse(fs.readFileSync(process.env.BENCH_SEARCH_QUERIES, 'utf8'));
let next = 0;
let address = 0;

module.exports = function setupRequest(request) {
  const query = queries[next % queries.length];
  next += 1;
  address += 1;
  return {
    ...request,
    method: 'POST',
    path: `/v1/discover/search?query=${encodeURIComponent(query)}&gender=f,c`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.200.${(address >> 8) & 255}.${address & 255}` },
    body: JSON.stringify({ guest_id: randomUUID(), is_final: false }),
  };
};
