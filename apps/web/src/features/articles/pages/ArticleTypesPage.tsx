import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import { ArticleTypeTexts, type ArticleType } from '@osp/shared';
import { useState } from 'react';
import { useArticleTypes } from '../../../api/article-types';
import { AdminPage } from '../../../components/AdminPage';
import { queryListState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { ArticleTypeDialog } from '../components/ArticleTypeDialog';
import { ArticleTypeList } from '../components/ArticleTypeList';
import '../article-types.css';

/** /article/types (permission article_admin): 文章类型 — create, rename, order and delete the kinds articles are filed under. */
export default function ArticleTypesPage() {
  const types = useArticleTypes();
  const listed = queryListState(types, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ArticleTypeTexts.empty} />);
  const [dialogType, setDialogType] = useState<ArticleType | 'new' | null>(null);

  return (
    <AdminPage
      title={ArticleTypeTexts.title}
      description={ArticleTypeTexts.description}
      actions={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogType('new')}>
            {ArticleTypeTexts.newType}
          </Button>
          <OperationLogButton itemType="article_type" />
        </>
      }
    >
      <Card size="small" styles={{ body: { padding: 0 } }}>
        {listed.above}
        {listed.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} className="article-types__waiting" />
        ) : types.data && types.data.length > 0 ? (
          <ArticleTypeList types={types.data} onRename={setDialogType} />
        ) : (
          listed.emptyText
        )}
      </Card>
      <ArticleTypeDialog type={dialogType} onClose={() => setDialogType(null)} />
    </AdminPage>
  );
}
