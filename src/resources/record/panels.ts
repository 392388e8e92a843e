// The panels a record page may show as a section (`{"panel": "<name>"}` in x-resource.record):
// components registered here once, by name, by the module that writes them.
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { DEVICE_STATS } from '../../../kernel/schema/statistics';
import { DeviceStatsPanel } from './panels/DeviceStatsPanel';
import { REPORTS_PANEL } from '../../../kernel/contract/uploads';
import { ReportsTab } from '../files';
import { FILLED_FORMS_PANEL, FORM_RECORDS_PANEL } from '../../../kernel/forms/record-form';
import { FilledFormsPanel } from '../../forms/FilledFormsPanel';
import { FormRecordsPanel } from '../../forms/FormRecordsPanel';
import { CHANGES_PANEL } from '../../../kernel/history/names';
import { ChangesPanel } from './history/ChangesPanel';
import { JOB_CONTROLS_PANEL } from '../../../kernel/schedule/names';
import { JobControlsPanel } from './panels/JobControlsPanel';
import { CLEARANCE_PANEL, TRAJECTORY_PANEL } from '../../../kernel/survey/names';
import { TrajectoryPanel } from './panels/trajectory/TrajectoryPanel';
import { ClearancePanel } from './panels/clearance/ClearancePanel';
import { DAILY_LOG_PANEL } from '../../../kernel/daily/names';
import { DailyLogPanel } from './panels/daily-log/DailyLogPanel';
import { ServicePanel } from './panels/ServicePanel';

export interface PanelProps {
  resource: string;
  record: RaRecord;
}

export interface Panel {
  component: ComponentType<PanelProps>;
  /** The message key of its tab's title. */
  title: string;
}

const panels = new Map<string, Panel>();

/** Registers a panel under a name; a name is given once. */
export function registerPanel(name: string, panel: Panel): void {
  if (panels.has(name)) throw new Error(`A record panel named "${name}" is already registered`);
  panels.set(name, panel);
}

export function findPanel(name: string): Panel | undefined {
  return panels.get(name);
}

/** The names of the panels registered: what a record page section may name. */
export function panelNames(): string[] {
  return [...panels.keys()];
}

/** Forgets every panel (for tests). */
export function clearPanels(): void {
  panels.clear();
}

registerPanel(DEVICE_STATS.panel, { component: DeviceStatsPanel, title: 'app.stats.panel' });
registerPanel('serviceDue', { component: ServicePanel, title: 'app.service.panel' });
registerPanel(REPORTS_PANEL, { component: ReportsTab, title: 'app.files.reports' });
registerPanel(FORM_RECORDS_PANEL, { component: FormRecordsPanel, title: 'app.forms.panel' });
registerPanel(FILLED_FORMS_PANEL, { component: FilledFormsPanel, title: 'app.dossiers.panel' });
registerPanel(CHANGES_PANEL, { component: ChangesPanel, title: 'app.history.changes' });
registerPanel(JOB_CONTROLS_PANEL, { component: JobControlsPanel, title: 'schedule.controls' });
registerPanel(TRAJECTORY_PANEL, { component: TrajectoryPanel, title: 'app.trajectory.panel' });
registerPanel(CLEARANCE_PANEL, { component: ClearancePanel, title: 'app.clearance.panel' });
registerPanel(DAILY_LOG_PANEL, { component: DailyLogPanel, title: 'app.dailyLog.panel' });
