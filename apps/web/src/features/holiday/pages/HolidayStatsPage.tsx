import { DownloadOutlined, GiftOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Table, type Breakpoint, type TableColumnsType } from 'antd';
import { HolidayAdminTexts, HolidayEntitlementTexts, HolidayImportTexts, type HolidayStatsRow } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useHolidayStats } from '../../../api/holiday';
import { downloadHolidayImportTemplate, exportHolidayStats, type HolidayStatsFilter } from '../../../api/holiday-import';
import { AdminPage } from '../../../components/AdminPage';
import { ExportButton } from '../../../components/ExportButton';
import { queryListState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { DeptPicker } from '../../../components/pickers';
import { HolidayChangeDialog } from '../components/HolidayChangeDialog';
import { HolidayEntitlementDialog } from '../components/HolidayEntitlementDialog';
import { HolidayHistoryDrawer } from '../components/HolidayHistoryDrawer';
import { HolidayImportDialog } from '../components/HolidayImportDialog';
import { shanghaiYear, yearOptions } from '../holiday-years';
import '../holiday-admin.css';

// On a phone a row keeps the person, what is left and the actions.
const WIDE: Breakpoint[] = ['md'];

/** /holiday/stats (permission holiday_admin): 假期额度 — everyone's balance of a year, and HR's adjustments. */
export default function HolidayStatsPage() {
  const [year, setYear] = useState(shanghaiYear);
  const [deptId, setDeptId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const [changing, setChanging] = useState<HolidayStatsRow | null>(null);
  const [viewing, setViewing] = useState<HolidayStatsRow | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isEntitlementOpen, setIsEntitlementOpen] = useState(false);
  const [isTemplateLoading, setIsTemplateLoading] = useState(false);
  const filter: HolidayStatsFilter = {
    year,
    ...(deptId === undefined ? {} : { dept_id: deptId }),
    ...(keyword === '' ? {} : { keyword }),
  };
  const stats = useHolidayStats({ ...paging, ...filter });
  const listed = queryListState(stats, HolidayAdminTexts.empty);
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));
  const handleTemplate = () => {
    setIsTemplateLoading(true);
    // A refusal was toasted by the API client.
    downloadHolidayImportTemplate()
      .catch(() => undefined)
      .finally(() => setIsTemplateLoading(false));
  };

  const columns = useMemo<TableColumnsType<HolidayStatsRow>>(
    () => [
      { title: HolidayAdminTexts.columnName, dataIndex: 'name', key: 'name' },
      { title: HolidayAdminTexts.columnUsername, dataIndex: 'username', key: 'username', responsive: WIDE },
      { title: HolidayAdminTexts.columnDept, dataIndex: 'dept_name', key: 'dept', responsive: WIDE },
      { title: HolidayAdminTexts.columnTotal, dataIndex: 'total_day', key: 'total', align: 'right', responsive: WIDE },
      { title: HolidayAdminTexts.columnUsed, dataIndex: 'used_day', key: 'used', align: 'right', responsive: WIDE },
      { title: HolidayAdminTexts.columnApplying, dataIndex: 'applying_day', key: 'applying', align: 'right', responsive: WIDE },
      { title: HolidayAdminTexts.columnAvailable, dataIndex: 'available_day', key: 'available', align: 'right' },
      {
        title: HolidayAdminTexts.columnActions,
        key: 'actions',
        render: (_value, row) => (
          <Flex gap={4} wrap>
            <Button size="small" type="link" onClick={() => setChanging(row)}>
              {HolidayAdminTexts.change}
            </Button>
            <Button size="small" type="link" onClick={() => setViewing(row)}>
              {HolidayAdminTexts.history}
            </Button>
          </Flex>
        ),
      },
    ],
    [],
  );

  return (
    <AdminPage
      title={HolidayAdminTexts.statsTitle}
      description={HolidayAdminTexts.statsDescription}
      actions={
        <>
          <Button icon={<GiftOutlined />} onClick={() => setIsEntitlementOpen(true)}>
            {HolidayEntitlementTexts.open}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setIsImportOpen(true)}>
            {HolidayImportTexts.import}
          </Button>
          <Button icon={<DownloadOutlined />} loading={isTemplateLoading} onClick={handleTemplate}>
            {HolidayImportTexts.template}
          </Button>
          <ExportButton
            label={HolidayImportTexts.export}
            hint={HolidayImportTexts.exportHint}
            onExport={() => exportHolidayStats(filter)}
          />
          <OperationLogButton itemType="holiday" />
        </>
      }
    >
      <Card size="small">
        <Flex wrap gap={12} className="holiday-admin__filters">
          <Select<number>
            aria-label={HolidayAdminTexts.year}
            options={yearOptions(year)}
            value={year}
            onChange={(next) => {
              setYear(next);
              firstPage();
            }}
          />
          <DeptPicker
            allowClear
            aria-label={HolidayAdminTexts.dept}
            placeholder={HolidayAdminTexts.allDepts}
            value={deptId}
            onChange={(next) => {
              setDeptId(typeof next === 'number' ? next : undefined);
              firstPage();
            }}
            className="holiday-admin__dept"
          />
          <Input.Search
            allowClear
            aria-label={HolidayAdminTexts.keyword}
            placeholder={HolidayAdminTexts.keyword}
            maxLength={50}
            className="holiday-admin__search"
            onSearch={(next) => {
              setKeyword(next.trim());
              firstPage();
            }}
          />
        </Flex>
        {listed.above}
        <Table<HolidayStatsRow>
          rowKey="user_id"
          size="middle"
          aria-label={HolidayAdminTexts.statsTitle}
          columns={columns}
          dataSource={stats.data?.list ?? []}
          loading={stats.isFetching && stats.data !== undefined}
          locale={{ emptyText: listed.emptyText }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.page,
            pageSize: paging.per_page,
            total: stats.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage }),
          }}
        />
      </Card>
      <HolidayChangeDialog row={changing} onClose={() => setChanging(null)} />
      <HolidayHistoryDrawer row={viewing} onClose={() => setViewing(null)} />
      <HolidayImportDialog isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
      <HolidayEntitlementDialog
        isOpen={isEntitlementOpen}
        initialYear={year}
        onApplied={(applied) => {
          setYear(applied);
          firstPage();
        }}
        onClose={() => setIsEntitlementOpen(false)}
      />
    </AdminPage>
  );
}
