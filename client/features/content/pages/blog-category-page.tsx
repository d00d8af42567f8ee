// /blog/category/{slug} (spec §2): one category's articles, under its own title and description.
import { useParams } from 'react-router';
import { BlogList } from '../components/blog-list';

export default function BlogCategoryPage() {
  const { slug = '' } = useParams();
  // Keyed: a new category starts at its own first page and loading state.
  return <BlogList key={slug} categorySlug={slug} />;
}
