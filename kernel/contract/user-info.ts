// What GET /user/info answers: the signed-in person, their roles first.
export interface UserInfo {
  /** Never empty: a person without a role may not use the console. */
  roles: string[];
  name: string;
  avatar: string;
  introduction: string;
  mobile?: string;
}
