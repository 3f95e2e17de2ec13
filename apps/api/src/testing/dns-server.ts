import dgram from 'node:dgram';
import * as packet from 'dns-packet';

export interface DnsFixture {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  readonly server: string;
  /** Sets the TXT records a name answers (none: the name does not exist). */
  setTxt(name: string, records: string[]): void;
  /** Names asked for, in order. */
  readonly questions: string[];
  close(): Promise<void>;
}

/**
 * An authoritative DNS server on 127.0.0.1 (UDP) answering TXT questions from a table: a name in the table answers
 * its records, a known name asked for another type answers no data, any other name NXDOMAIN.
 */
export function startDnsServer(): Promise<DnsFixture> {
  const txt = new Map<string, string[]>();
  const questions: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    questions.push(name);
    const records = txt.get(name);
    const answers: packet.Answer[] =
      records && question.type === 'TXT' ? records.map((data) => ({ type: 'TXT', name: question.name, ttl: 60, class: 'IN', data })) : [];
    const reply = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.AUTHORITATIVE_ANSWER | (records ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () =>
      resolve({
        server: `127.0.0.1:${socket.address().port}`,
        setTxt: (name, records) => {
          if (records.length) txt.set(name.toLowerCase(), records);
          else txt.delete(name.toLowerCase());
        },
        questions,
        close: () => new Promise((done) => socket.close(() => done())),
      }),
    ),
  );
}
