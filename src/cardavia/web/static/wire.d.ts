// The table's wire as TypeScript types: generated from cardavia/web/wire.py by
// scripts/wire_types.py; do not edit.

/** The ``result`` of an ended deal (records-and-cli.md section 5): ``winner`` None for a draw. */
export interface Outcome {
  winner?: number | null;
  card?: string | null;
  score?: number;
  groups?: string[];
  tun?: number;
  payments?: number[];
  window?: string;
  owner?: number;
}

/** The replay document of records-and-cli.md section 5 as one seat (or the referee) sees it. */
export interface View {
  game?: string;
  status?: string;
  to_act?: number[];
  public?: {
    card: string;
    owner: number;
    window: string;
  } | null;
  legal?: Record<string, string[]>;
  seats?: ({
    hand?: string[] | number;
    hand_count?: number;
    melds?: string[];
    discards?: string[];
    chou?: string[];
    shown?: string | null;
    dead?: boolean;
  })[];
  stock?: number;
  result?: Outcome | null;
  dealer?: number;
  viewer?: number | null;
  answers?: Record<string, string>;
}

export type Ref = number | string | null;

export type Scalar = string | number | boolean | null;

export type Param = string | number | boolean | null | Scalar[] | Scalar[][] | Record<string, Scalar>;

export type Step = "deal" | "draw" | "window" | "claim" | "meld" | "discard" | "dead" | "win" | "end" | "step" | "decision";

/** An event as the seat sees it: its kind (``<game>.<name>`` or ``timeout``) and its params. */
export interface WireEvent {
  kind: string;
  params: Record<string, Param>;
}

/** Words by catalogue key: a hint's reason, a review's why. */
export interface Keyed {
  key: string;
  params: Record<string, Param>;
}

/** A lesson's tip (``hold``: the table waits for the player's Continue). */
export interface Tip {
  key: string;
  params: Record<string, Param>;
  hold: boolean;
}

/** Why the engine refused an action: its code and params. */
export interface Reason {
  code: string;
  params: Record<string, Param>;
}

/** A card that would complete the human's holding, what it scores, and the copies he has not seen (a game's ``score``, or its ``own`` and ``other`` values when it counts who revealed the card). */
export interface Wait {
  card: string;
  unseen: number;
  score?: number;
  own?: Record<string, number> | null;
  other?: Record<string, number> | null;
}

/** Who plays a seat of a friends' table: a person (their name, whether a computer plays for them now, whether a socket of theirs is open) or a computer. */
export interface Player {
  seat: number;
  name: string | null;
  kind: "human" | "computer";
  auto: boolean;
  connected: boolean;
}

/** A seat of a lobby: a person's (with their name) or still empty. */
export interface LobbySeat {
  seat: number;
  name: string | null;
  kind: "human" | "empty";
}

/** The seats of a lobby in turn order, and (the host's messages only) the invite link. */
export interface Lobby {
  seats: LobbySeat[];
  invite?: string;
}

/** A friends' table before its deal starts (``state`` with ``step`` ``lobby``). */
export interface LobbyMessage {
  type: "state";
  step: "lobby";
  table: string;
  game: string;
  seat: number;
  seats: number;
  difficulty: string;
  turn: number;
  host: number;
  players: Player[];
  totals: number[];
  lobby: Lobby;
}

/** One frame for the human (``state``); ``log`` only in snapshots, ``lesson`` and the rest only at a lesson table, ``players``, ``totals`` and ``turn`` only at a friends' table. */
export interface StateMessage {
  type: "state";
  v: number;
  step: Step;
  table: string;
  game: string;
  seat: number;
  seats: number;
  difficulty: string;
  window: number | null;
  legal: string[];
  countdown_ms: number | null;
  view: View;
  events: WireEvent[];
  outcome: Outcome | null;
  record_url: string | null;
  waits: Wait[];
  log?: WireEvent[];
  lesson?: string;
  tip?: Tip | null;
  lesson_done?: boolean;
  lesson_move?: string | null;
  lesson_try?: string | null;
  lesson_next?: string | null;
  players?: Player[];
  totals?: number[];
  turn?: number;
}

/** The human's action is stored and live; ``v`` is the last frame released. */
export interface AckMessage {
  type: "ack";
  id: Ref;
  v: number;
}

/** What the hard tier would play on the open decision of frame ``window``, and why. */
export interface Hint {
  window: number;
  action: string;
  reason: Keyed;
}

/** A hint before it is tied to a frame: the tier's action and its reason. */
export interface HintAnswer {
  action: string;
  reason: Keyed;
}

/** The answer to a ``hint`` request. */
export interface HintMessage {
  window: number;
  action: string;
  reason: Keyed;
  type: "hint";
  id: Ref;
}

/** What an ``error`` may carry beyond its key: the engine's reason, a lesson's tip or expected move, when to ask for a hint again. */
export interface Refusal {
  reason?: Reason | null;
  tip?: Tip;
  expected?: string | null;
  retry_ms?: number;
}

/** The message changed nothing: its catalogue key, its text in the socket's language and the engine's English detail. */
export interface ErrorMessage {
  reason?: Reason | null;
  tip?: Tip;
  expected?: string | null;
  retry_ms?: number;
  type: "error";
  key: string;
  text: string;
  detail: string;
  id: Ref;
}

/** Not sent: tells a socket's writer to close it (with ``code``, default 1000). */
export interface CloseMessage {
  type: "close";
  code?: number;
}

/** Who plays each seat of a friends' table changed (someone left, came back, is played for). */
export interface PlayersMessage {
  type: "players";
  players: Player[];
}

/** A person at the table sent one of the preset reactions (``key``). */
export interface ReactMessage {
  type: "react";
  seat: number;
  key: string;
}

/** The next deal of a friends' table is dealt, at ``url``. */
export interface NextMessage {
  type: "next";
  url: string;
}

export type ServerMessage = StateMessage | LobbyMessage | AckMessage | HintMessage | ErrorMessage | PlayersMessage | ReactMessage | NextMessage;

export type Outgoing = StateMessage | LobbyMessage | AckMessage | HintMessage | ErrorMessage | PlayersMessage | ReactMessage | NextMessage | CloseMessage;

/** Play one of ``legal`` in the decision of frame ``window``. */
export interface ActIntent {
  type: "act";
  window: number;
  action: string;
  id?: Ref;
}

/** Ask for a fresh snapshot. */
export interface SyncIntent {
  type: "sync";
}

/** Ask what the hard tier would play. */
export interface HintIntent {
  type: "hint";
  id?: Ref;
}

/** Change the table's speed or pause it. */
export interface PaceIntent {
  type: "pace";
  speed?: "slow" | "normal" | "fast";
  paused?: boolean;
}

/** The host starts a lobby's deal (its empty seats become computers). */
export interface StartIntent {
  type: "start";
}

/** The host makes a new invite link (the old one opens nothing any more). */
export interface InviteIntent {
  type: "invite";
}

/** After the end: deal again with the same people. */
export interface NextIntent {
  type: "next";
}

/** Send one of the preset reactions to everyone at the table. */
export interface ReactIntent {
  type: "react";
  key: string;
}

/** Take one's seat back from the computer playing it. */
export interface BackIntent {
  type: "back";
}

export type ClientMessage = ActIntent | SyncIntent | HintIntent | PaceIntent | StartIntent | InviteIntent | NextIntent | ReactIntent | BackIntent;

/** One decision judged: the legal actions, the chosen and best ones, each one's chance, the loss, its flag, why the best is best, each one's expected points and the points lost, whether it counts in the accuracy and the kind of a choice that was not the best. */
export interface Assessment {
  legal: string[];
  chosen: string;
  best: string;
  values: Record<string, number>;
  loss: number;
  flag: string | null;
  why: Keyed;
  points: Record<string, number>;
  points_loss: number;
  counted: boolean;
  kind: string | null;
}

/** A decision of the review, at its index in the record's actions. */
export interface ReviewedDecision {
  legal: string[];
  chosen: string;
  best: string;
  values: Record<string, number>;
  loss: number;
  flag: string | null;
  why: Keyed;
  points: Record<string, number>;
  points_loss: number;
  counted: boolean;
  kind: string | null;
  index: number;
}

/** The review of a finished deal from one seat's side. */
export interface ReviewDoc {
  game: string;
  seat: number;
  accuracy: number;
  points_lost: number;
  counted: number;
  decisions: ReviewedDecision[];
}

/** One step of the review page's replay: the last action in it (``index``, -1 for the deal), the referee's view (``full``), the seat's view (``mine``) and the events the seat saw. */
export interface ReplayStep {
  index: number;
  full: View;
  mine: View;
  events: WireEvent[];
}

/** What the review page draws: the review, the replay steps and the record's actions. */
export interface ReviewPage {
  game: string;
  seat: number;
  review: ReviewDoc;
  steps: ReplayStep[];
  actions: string[];
}

/** The review data once judged. */
export interface ReviewReady {
  game: string;
  seat: number;
  review: ReviewDoc;
  steps: ReplayStep[];
  actions: string[];
  status: "ready";
}

/** The review data while it is being judged: parts done of all. */
export interface ReviewRunning {
  status: "running";
  done: number;
  total: number;
}

/** The review could not be judged. */
export interface ReviewFailed {
  status: "failed";
  error: string;
}

export type ReviewStatus = ReviewReady | ReviewRunning | ReviewFailed;
