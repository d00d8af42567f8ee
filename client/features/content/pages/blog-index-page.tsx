// /blog (spec §2): every published article, newest first, filterable by category.
import { BlogList } from '../components/blog-list';

export default function BlogIndexPage() {
  return <BlogList />;
}
