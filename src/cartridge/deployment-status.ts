// The wire form of a cartridge deployment (AcdCartridges): what POST/PUT answer (with statusCode
// 202), what GET /v1/cartridges/{id} answers (with artifactResponse) and the list entries (neither).
import type { ArtifactResponse, Deployment, DeploymentState } from '../store/store.js';

/** A list entry (GET /v1/cartridges). */
export interface CartridgeStatus {
  readonly id: string;
  readonly status: DeploymentState;
  /** Relative path of the status resource: `api/v1/cartridges/<id>`. */
  readonly statusLocation: string;
  readonly startTime: string;
  /** Once finished. */
  readonly endTime?: string;
  /** Once finished: whole seconds between startTime and endTime, as a string. */
  readonly duration?: string;
  readonly correlationId: string;
  /** 0 until finished; 200 completed; 400 (invalid artifacts) or 500 (internal failure) when failed. */
  readonly artifactResponseCode: number;
}

/** The answer to POST/PUT /v1/cartridges. */
export interface SubmittedCartridgeStatus extends CartridgeStatus {
  /** Always 202. */
  readonly statusCode: number;
}

/** GET /v1/cartridges/{id}. */
export interface CartridgeStatusDetail extends CartridgeStatus {
  readonly artifactResponse: ArtifactResponse[];
}

/** Relative status path, as ACD writes it in `statusLocation`. */
export function statusLocationOf(id: string): string {
  return `api/v1/cartridges/${id}`;
}

/** Whole seconds from start to end (never negative). */
export function durationSeconds(startTime: string, endTime: string): string {
  const ms = Date.parse(endTime) - Date.parse(startTime);
  return String(Math.max(0, Math.floor(ms / 1000)));
}

/** The list view of a stored deployment. */
export function toCartridgeStatus(d: Deployment): CartridgeStatus {
  const finished = d.endTime !== null && (d.state === 'completed' || d.state === 'failed');
  return {
    id: d.id,
    status: d.state,
    statusLocation: statusLocationOf(d.id),
    startTime: d.startTime,
    ...(finished && d.endTime !== null ? { endTime: d.endTime, duration: durationSeconds(d.startTime, d.endTime) } : {}),
    correlationId: d.correlationId,
    artifactResponseCode: finished ? d.artifactResponseCode : 0,
  };
}

export function toSubmittedStatus(d: Deployment): SubmittedCartridgeStatus {
  const { id, status, ...rest } = toCartridgeStatus(d);
  return { id, status, statusCode: 202, ...rest };
}

export function toStatusDetail(d: Deployment): CartridgeStatusDetail {
  return { ...toCartridgeStatus(d), artifactResponse: [...d.artifactResponse] };
}
