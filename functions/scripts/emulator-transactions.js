/**
 * Transactions on the Node Firestore emulator (@firestore-emulator/server) as Firestore runs them
 * for server clients: left alone, that emulator hands every transaction one dummy id, reads without
 * locks and commits blindly, so concurrent read-modify-writes lose updates (30 concurrent increments
 * of one counter ended at 1) and a commit whose third write fails has applied the first two.
 *
 * Firestore's server SDKs use pessimistic concurrency: a read inside a read-write transaction locks
 * the document until the transaction commits or rolls back, and a transaction that cannot get its
 * lock waits, or is aborted (ABORTED, which the client retries with a fresh read); commits are atomic
 * (https://cloud.google.com/firestore/docs/transaction-data-contention). This wrapper does the same
 * around the emulator's gRPC handlers:
 *  - every read-write transaction gets its own id; its document reads (getAll/get) and the documents
 *    its queries return are locked, exclusively, in name order; a reader of a locked document waits
 *    in line, and is aborted at once when waiting would close a cycle (deadlock) or after
 *    LOCK_WAIT_MS; a holder idle for TRANSACTION_IDLE_MS loses its locks (Firestore expires it), and
 *    so, at once, does a holder whose client connection has closed (a killed process's transaction
 *    can never commit; waiting out its idle expiry only slows every test that kills one);
 *  - a non-transactional write never waits, but every write bumps its document's version, and a
 *    transaction whose read documents or query results changed since it read them is aborted at
 *    commit (so a plain write between a transaction's read and its commit is never lost);
 *  - every commit checks all its preconditions (create, update) before applying any write.
 * Read-only transactions take no locks, as in Firestore.
 */
const { Buffer } = require('node:buffer');

const ABORTED = 10;
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const LOCK_WAIT_MS = 15000;
const TRANSACTION_IDLE_MS = 60000;
const SERVICE = '/google.firestore.v1.Firestore/';

const grpcError = (code, details) => Object.assign(new Error(details), { code, details });
const aborted = (details) => grpcError(ABORTED, `ABORTED: ${details}`);

function isolateTransactions(server) {
  const state = server.state;
  const handlers = server.server.handlers;
  /** document name -> how many commits wrote it */
  const versions = new Map();
  /** transaction id (hex) -> { id, locking, reads: Map<name, version>, queries, held: Set<name>, waitingFor, lastActive } */
  const transactions = new Map();
  /** document name -> { holder, queue: [{ tx, grant, refuse, timer }] } */
  const locks = new Map();
  let sequence = 0;

  const versionOf = (name) => versions.get(name) ?? 0;
  const keyOf = (bytes) => Buffer.from(bytes).toString('hex');

  /** Whether the client connection `peer` (as grpc-js's getPeer() names it) is still open. */
  function connected(peer) {
    if (!peer || peer === 'unknown') return true;
    for (const session of server.server.sessions.keys()) {
      const socket = session.socket;
      if (!session.closed && !session.destroyed && `${socket?.remoteAddress}:${socket?.remotePort}` === peer)
        return true;
    }
    return false;
  }

  function begin(options, peer) {
    const id = Buffer.alloc(12);
    id.writeUInt32BE(++sequence, 8);
    id.writeUInt32BE(process.pid, 0);
    const tx = {
      id: Uint8Array.from(id),
      locking: !options?.has_read_only,
      reads: new Map(),
      queries: [],
      held: new Set(),
      waitingFor: null,
      lastActive: Date.now(),
      peer,
    };
    transactions.set(keyOf(tx.id), tx);
    return tx;
  }

  /** The transaction a request names or starts; null for a plain read; throws ABORTED for an unknown one. */
  function transactionOf(call) {
    const { request } = call;
    if (request.has_new_transaction) return begin(request.new_transaction, call.getPeer());
    if (!request.transaction?.length) return null;
    const tx = transactions.get(keyOf(request.transaction));
    if (!tx) throw aborted('the transaction has expired or was aborted; retry it');
    tx.lastActive = Date.now();
    tx.peer = call.getPeer();
    return tx;
  }

  /** Ends a transaction: its locks go to the next in line. */
  function end(tx) {
    transactions.delete(keyOf(tx.id));
    for (const name of tx.held) {
      const lock = locks.get(name);
      const next = lock.queue.shift();
      if (!next) {
        locks.delete(name);
        continue;
      }
      clearTimeout(next.timer);
      lock.holder = next.tx;
      next.tx.held.add(name);
      next.tx.waitingFor = null;
      next.tx.lastActive = Date.now();
      next.grant();
    }
    tx.held.clear();
  }

  function waitsOn(tx, name) {
    const seen = new Set();
    for (let holder = locks.get(name)?.holder; holder && !seen.has(holder);) {
      if (holder === tx) return true;
      seen.add(holder);
      holder = holder.waitingFor ? locks.get(holder.waitingFor)?.holder : null;
    }
    return false;
  }

  function acquire(tx, name) {
    const lock = locks.get(name);
    if (!lock) {
      locks.set(name, { holder: tx, queue: [] });
      tx.held.add(name);
      return Promise.resolve();
    }
    if (lock.holder === tx) return Promise.resolve();
    if (!connected(lock.holder.peer)) {
      end(lock.holder);
      return acquire(tx, name);
    }
    if (waitsOn(tx, name)) return Promise.reject(aborted(`deadlock on ${name}`));
    return new Promise((grant, refuse) => {
      const waiter = { tx, grant, refuse };
      waiter.timer = setTimeout(() => {
        const holder = lock.holder;
        if (Date.now() - holder.lastActive >= TRANSACTION_IDLE_MS || !connected(holder.peer)) return end(holder);
        lock.queue.splice(lock.queue.indexOf(waiter), 1);
        tx.waitingFor = null;
        refuse(aborted(`too much contention on ${name}`));
      }, LOCK_WAIT_MS);
      tx.waitingFor = name;
      lock.queue.push(waiter);
    });
  }

  async function lockAll(tx, names) {
    for (const name of [...new Set(names)].sort()) await acquire(tx, name);
  }

  /** The full names of the documents a query returns now. */
  function resultNames(parent, query) {
    const root = parent.slice(0, parent.indexOf('/documents') + '/documents'.length);
    return state.v1Query(parent, query).map((doc) => `${root}/${doc.getDocumentPath()}`);
  }

  /** Why a transaction's reads are stale at commit, or null. */
  function staleRead(tx) {
    for (const [name, version] of tx.reads) if (versionOf(name) !== version) return `${name} changed`;
    for (const { parent, query, names } of tx.queries) {
      const now = resultNames(parent, query);
      if (now.length !== names.length || now.some((name, i) => name !== names[i])) {
        return `the results of a query on ${query.from[0]?.collection_id} changed`;
      }
    }
    return null;
  }

  /** The first failing precondition of a commit's writes, checked before any write applies. */
  function failedPrecondition(writes) {
    const exists = new Map();
    for (const write of writes) {
      const name = write.has_delete ? write.delete : write.update.name;
      const before = exists.has(name) ? exists.get(name) : state.getDocument(name).metadata.hasExist;
      if (write.has_current_document && write.current_document.has_exists) {
        if (write.current_document.exists && !before) return grpcError(NOT_FOUND, `no entity to update: ${name}`);
        if (!write.current_document.exists && before)
          return grpcError(ALREADY_EXISTS, `entity already exists: ${name}`);
      }
      exists.set(name, !write.has_delete);
    }
    return null;
  }

  function wrap(method, handler) {
    const entry = handlers.get(SERVICE + method);
    const original = entry.func;
    entry.func = (call, callback) => handler(original, call, callback);
  }

  /** Runs the emulator's own streaming handler with the transaction's id on its answers. */
  function stream(original, call, tx, onEveryMessage) {
    const write = call.write.bind(call);
    call.write = (message, ...rest) => {
      if (onEveryMessage || message.transaction?.length) message.transaction = tx.id;
      return write(message, ...rest);
    };
    original(call);
  }

  const fail = (call, tx, err) => {
    if (tx && err.code === ABORTED) end(tx);
    call.emit('error', err.code ? err : grpcError(13, String(err.message ?? err)));
  };

  wrap('BeginTransaction', (original, call, callback) => {
    const tx = begin(call.request.options, call.getPeer());
    callback(null, { transaction: tx.id });
  });

  wrap('BatchGetDocuments', async (original, call) => {
    let tx = null;
    try {
      tx = transactionOf(call);
      if (!tx) return original(call);
      const { documents } = call.request;
      if (tx.locking) await lockAll(tx, documents);
      for (const name of documents) tx.reads.set(name, versionOf(name));
      stream(original, call, tx, false);
    } catch (err) {
      fail(call, tx, err);
    }
  });

  const query = (structured) => async (original, call) => {
    let tx = null;
    try {
      tx = transactionOf(call);
      if (!tx) return original(call);
      const { parent } = call.request;
      const sq = structured(call.request);
      if (tx.locking) await lockAll(tx, resultNames(parent, sq));
      const names = resultNames(parent, sq);
      for (const name of names) tx.reads.set(name, versionOf(name));
      tx.queries.push({ parent, query: sq, names });
      stream(original, call, tx, true);
    } catch (err) {
      fail(call, tx, err);
    }
  };
  wrap(
    'RunQuery',
    query((request) => request.structured_query),
  );
  wrap(
    'RunAggregationQuery',
    query((request) => request.structured_aggregation_query.structured_query),
  );

  wrap('Commit', (original, call, callback) => {
    let tx = null;
    try {
      tx = transactionOf(call);
    } catch (err) {
      return callback(err);
    }
    const refusal = (tx && staleRead(tx) && aborted(staleRead(tx))) || failedPrecondition(call.request.writes);
    if (refusal) {
      if (tx) end(tx);
      return callback(refusal);
    }
    original(call, (err, response) => {
      if (!err) {
        for (const write of call.request.writes) {
          const name = write.has_delete ? write.delete : write.update.name;
          versions.set(name, versionOf(name) + 1);
        }
      }
      if (tx) end(tx);
      callback(err, response);
    });
  });

  wrap('Rollback', (original, call, callback) => {
    const tx = call.request.transaction?.length ? transactions.get(keyOf(call.request.transaction)) : null;
    if (tx) end(tx);
    original(call, callback);
  });
}

module.exports = { isolateTransactions };
