import { Col, Form, Input, Radio, Row, type FormInstance } from 'antd';
import { SEX_LABELS, SEX_VALUES, type Person, type PersonUpdate, type UserProfile } from '@osp/shared';
import { profileRules } from './profile-rules';

interface ProfileFormProps {
  form: FormInstance<PersonUpdate>;
  profile: UserProfile;
  person: Person;
  onSubmit: (values: PersonUpdate) => void;
}

const sexOptions = SEX_VALUES.map((value) => ({ value, label: SEX_LABELS[value] }));

/** Read-only facts of the account next to the five fields a user may change (SPEC §3). */
export function ProfileForm({ form, profile, person, onSubmit }: ProfileFormProps) {
  return (
    <Form<PersonUpdate>
      form={form}
      name="profile"
      layout="vertical"
      requiredMark
      initialValues={person}
      onFinish={onSubmit}
      className="profile-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="姓名" htmlFor="profile_name_readonly">
            <Input id="profile_name_readonly" value={profile.name} readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sex" label="性别" rules={profileRules.sex}>
            <Radio.Group options={sexOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="部门" htmlFor="profile_dept_readonly">
            <Input id="profile_dept_readonly" value={profile.dept} readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="岗位" htmlFor="profile_station_readonly">
            <Input id="profile_station_readonly" value={profile.station} readOnly variant="filled" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="mail" label="邮箱" required rules={profileRules.mail}>
            <Input autoComplete="email" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="mobile" label="手机号" required rules={profileRules.mobile}>
            <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="座机" rules={profileRules.phone}>
            <Input placeholder="如 010-12345678-8001" maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="wechat" label="微信" rules={profileRules.wechat}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
