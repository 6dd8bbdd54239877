// The machine a benchmark ran on, printed above every run so figures can be compared honestly.
import { cpus, totalmem, platform, release, arch, loadavg } from 'node:os';

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
  /** 1-minute load average when the run started: other processes competing for the cores skew timings. */
  readonly loadAverage: number;
}

export function describeMachine(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
