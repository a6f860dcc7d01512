import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, request, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { repoRoot, startServer } from '../server.js';
import { samplePdf } from '../support.js';

const run = promisify(execFile);
const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** Stored files on disk, by storage key (the .incoming folder holds writes in progress). */
function filesOnDisk(dataDir: string): Set<string> {
  const root = path.join(dataDir, 'files');
  const keys = new Set<string>();
  if (!fs.existsSync(root)) return keys;
  for (const shard of fs.readdirSync(root)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const key of fs.readdirSync(path.join(root, shard))) keys.add(key);
  }
  return keys;
}

function rowsOfFiles(dataDir: string): Set<string> {
  const db = new SQLite(path.join(dataDir, 'academy.db'), { readonly: true });
  try {
    return new Set(db.prepare('select storage_key from stored_files').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

test.describe('reliability', () => {
  test.setTimeout(180_000);

  test('a SIGKILL in the middle of a burst of writes loses no acknowledged write and leaves no file without its row', async () => {
    let server = await startServer({ ORPHAN_FILE_MIN_AGE_SECONDS: '0' });
    const dataDir = server.dataDir;
    try {
      const api = await request.newContext({ baseURL: server.baseUrl });
      const adminToken = (await (await api.post('/api/login.php', { form: ADMIN })).json())
        .token as string;
      const students: { id: number; token: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const username = `burst${i}`;
        await api.post('/api/add-user.php', {
          headers: { Authorization: `Bearer ${adminToken}` },
          multipart: {
            name: `Burst ${i}`,
            username,
            email: `${username}@example.com`,
            password: 'burst-password',
            role_id: '2',
            gender: 'male',
          },
        });
        const login = await (
          await api.post('/api/login.php', { form: { username, password: 'burst-password' } })
        ).json();
        students.push({ id: login.user_id, token: login.token });
      }

      // Writes in flight, many at once: cards (JSON) and submissions with a file (multipart).
      const acknowledgedCards: { student: number; front: string }[] = [];
      const acknowledgedSubmissions: string[] = [];
      let stop = false;
      let n = 0;
      const worker = async (w: number) => {
        while (!stop) {
          const student = students[(n + w) % students.length] as { id: number; token: string };
          const i = n++;
          const headers = { Authorization: `Bearer ${student.token}` };
          try {
            if (i % 3 === 0) {
              const subject = `burst-${i}`;
              const res = await api.post('/api/upload_assignment.php', {
                headers,
                multipart: {
                  user_id: String(student.id),
                  subject,
                  'files[]': {
                    name: `${subject}.pdf`,
                    mimeType: 'application/pdf',
                    buffer: samplePdf(40_000),
                  },
                },
              });
              if (res.ok()) acknowledgedSubmissions.push(subject);
            } else {
              const front = `card-${i}`;
              const res = await api.post('/api/add_card.php', {
                headers,
                data: { user_id: student.id, front_text: front, back_text: 'b' },
              });
              if (res.ok()) acknowledgedCards.push({ student: student.id, front });
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const workers = Array.from({ length: 12 }, (_, w) => worker(w));
      await expect
        .poll(() => acknowledgedCards.length + acknowledgedSubmissions.length, { timeout: 30_000 })
        .toBeGreaterThan(60);
      await server.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      await api.dispose();
      const orphansAtKill = [...filesOnDisk(dataDir)].filter(
        (k) => !rowsOfFiles(dataDir).has(k),
      ).length;
      console.log(
        `hard kill: ${acknowledgedCards.length} cards and ${acknowledgedSubmissions.length} submissions acknowledged before SIGKILL; ${orphansAtKill} stored files without a row right after it`,
      );
      expect(acknowledgedSubmissions.length).toBeGreaterThan(5);

      // Back up on the same data.
      server = await startServer({ ORPHAN_FILE_MIN_AGE_SECONDS: '0' }, { dataDir });
      const after = await request.newContext({ baseURL: server.baseUrl });
      const token = (await (await after.post('/api/login.php', { form: ADMIN })).json())
        .token as string;
      const headers = { Authorization: `Bearer ${token}` };

      for (const student of students) {
        const cards = (await (
          await after.get(`/api/get_allusers_cards.php?user_id=${student.id}`, { headers })
        ).json()) as { front_text: string }[];
        const fronts = new Set(cards.map((c) => c.front_text));
        for (const card of acknowledgedCards.filter((c) => c.student === student.id))
          expect(fronts.has(card.front), card.front).toBe(true);
      }
      const subjects = new Set<string>();
      for (let page = 1; ; page++) {
        const inbox = await (
          await after.get(`/api/send_to_inbox.php?page=${page}`, { headers })
        ).json();
        for (const item of inbox.assignments) subjects.add(item.subject);
        if (!inbox.has_more) break;
      }
      for (const subject of acknowledgedSubmissions)
        expect(subjects.has(subject), subject).toBe(true);

      const db = new SQLite(path.join(dataDir, 'academy.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();

      // The start-up sweep removes bytes a crash left without a row; every row has its bytes.
      await expect
        .poll(() => [...filesOnDisk(dataDir)].filter((k) => !rowsOfFiles(dataDir).has(k)).length, {
          timeout: 20_000,
        })
        .toBe(0);
      const onDisk = filesOnDisk(dataDir);
      for (const key of rowsOfFiles(dataDir))
        expect(onDisk.has(key), `row without its file: ${key}`).toBe(true);
      await after.dispose();
    } finally {
      await server.stop();
    }
  });

  test('a restart after a SIGKILL clears half-written uploads from .incoming before it answers', async () => {
    // The default sweep margin (an hour): the clearing must not wait for it.
    const first = await startServer();
    const dataDir = first.dataDir;
    await first.kill('SIGKILL');
    // What a kill in the middle of an upload leaves: a temporary file, written a moment ago.
    const incoming = path.join(dataDir, 'files', '.incoming');
    fs.writeFileSync(path.join(incoming, `${'ab'.repeat(16)}.0badc0de`), 'half of an essay');
    const again = await startServer({}, { dataDir });
    try {
      expect(fs.readdirSync(incoming)).toEqual([]);
    } finally {
      await again.stop();
    }
  });

  test('npm run backup copies a running academy while it is written to, and npm run restore brings that state back', async () => {
    const server = await startServer();
    const dataDir = server.dataDir;
    const backupDir = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`);
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const api = await request.newContext({ baseURL: server.baseUrl });
      const login = await (await api.post('/api/login.php', { form: ADMIN })).json();
      const headers = { Authorization: `Bearer ${login.token}` };
      await api.post('/api/add-user.php', {
        headers,
        multipart: {
          name: 'Kept',
          username: 'kept',
          email: 'kept@example.com',
          password: 'kept-password',
          role_id: '2',
          gender: 'male',
        },
      });
      const kept = await (
        await api.post('/api/login.php', { form: { username: 'kept', password: 'kept-password' } })
      ).json();
      const asKept = { Authorization: `Bearer ${kept.token}` };
      await api.post('/api/add_card.php', {
        headers: asKept,
        data: { user_id: kept.user_id, front_text: 'before the backup', back_text: 'b' },
      });
      const essay = samplePdf(30_000);
      await api.post('/api/upload_assignment.php', {
        headers: asKept,
        multipart: {
          user_id: String(kept.user_id),
          subject: 'Backed up',
          'files[]': { name: 'essay.pdf', mimeType: 'application/pdf', buffer: essay },
        },
      });

      // The backup runs while the server runs and students keep writing.
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      let writing = true;
      let acknowledgedBefore = 0;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const res = await api.post('/api/add_card.php', {
            headers: asKept,
            data: { user_id: kept.user_id, front_text: `during ${i}`, back_text: 'b' },
          });
          if (res.ok()) acknowledgedBefore += 1;
        }
      })();
      await expect.poll(() => acknowledgedBefore, { timeout: 10_000 }).toBeGreaterThan(3);
      const startedWith = acknowledgedBefore;
      const backup = await run('npm', ['run', '--silent', 'backup', '--', '--out', backupDir], {
        cwd: repoRoot,
        env,
      });
      writing = false;
      await writer;
      expect(backup.stdout).toContain('Backed up the database and 1 files');

      await api.post('/api/add_card.php', {
        headers: asKept,
        data: { user_id: kept.user_id, front_text: 'after the backup', back_text: 'b' },
      });
      await api.dispose();

      // Restoring under a running server would lose its writes: refused.
      const refused = await run('npm', ['run', '--silent', 'restore', '--', backupDir], {
        cwd: repoRoot,
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in refused && refused.code).toBe(1);
      expect((refused as { stderr: string }).stderr).toContain('is running on');
      await server.kill('SIGTERM');

      const restore = await run('npm', ['run', '--silent', 'restore', '--', backupDir], {
        cwd: repoRoot,
        env,
      });
      expect(restore.stdout).toContain('Restored');

      restarted = await startServer({}, { dataDir });
      const again = await request.newContext({ baseURL: restarted.baseUrl });
      const relogin = await (
        await again.post('/api/login.php', {
          form: { username: 'kept', password: 'kept-password' },
        })
      ).json();
      const cards = await (
        await again.post('/api/get_user_cards.php', {
          headers: { Authorization: `Bearer ${relogin.token}` },
          data: { user_id: relogin.user_id },
        })
      ).json();
      // A snapshot: what was there before the backup began, perhaps some of what came during
      // it, and nothing from after.
      const fronts: string[] = cards.cards.map((c: { front_text: string }) => c.front_text);
      expect(fronts).toContain('before the backup');
      expect(fronts).not.toContain('after the backup');
      const during = fronts.filter((f) => f.startsWith('during '));
      expect(during.length).toBeGreaterThanOrEqual(startedWith);
      expect(during.length).toBeLessThanOrEqual(acknowledgedBefore);
      const adminLogin = await (await again.post('/api/login.php', { form: ADMIN })).json();
      const inbox = await (
        await again.get('/api/send_to_inbox.php', {
          headers: { Authorization: `Bearer ${adminLogin.token}` },
        })
      ).json();
      const file = await again.get(`/api/${inbox.assignments[0].files[0].file_url}`);
      expect(file.status()).toBe(200);
      expect(Buffer.compare(await file.body(), essay)).toBe(0);
      await again.dispose();
    } finally {
      await (restarted ?? server).stop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });
});
